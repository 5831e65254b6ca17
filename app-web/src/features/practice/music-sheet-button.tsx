import { useState } from 'react';
import { Button } from '../../components/button/button';
import { saveBlob } from '../../lib/api-download';
import { fetchMusicSheet } from './practice-api';
import { MUSIC_SHEET_FAILED_MESSAGE } from './practice-messages';

interface MusicSheetButtonProps {
  lessonId: number;
  lessonName: string;
  download?: (lessonId: number) => Promise<Blob>;
  save?: (blob: Blob, fileName: string) => void;
}

/** 'download sheet': the lesson's PDF saved as '{lesson name}.pdf'. */
export const MusicSheetButton = ({
  lessonId,
  lessonName,
  download = fetchMusicSheet,
  save = saveBlob,
}: MusicSheetButtonProps) => {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const onClick = async () => {
    setBusy(true);
    setFailed(false);
    try {
      save(await download(lessonId), `${lessonName}.pdf`);
    } catch (error) {
      console.error('Could not download the music sheet.', error);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => void onClick()} disabled={busy}>
        download sheet
      </Button>
      {failed ? (
        <p className="form-message form-message--error" role="alert">
          {MUSIC_SHEET_FAILED_MESSAGE}
        </p>
      ) : null}
    </>
  );
};
