import { useState } from 'react';
import { Button } from '../../components/button/button';
import { FormMessage } from '../../components/form/form-message';
import { ApiError } from '../../lib/api-client';
import { apiDownload, saveDownload, type Download } from '../../lib/api-download';

export const DOWNLOAD_FAILED_MESSAGE = 'Your data could not be downloaded. Please try again later.';

export interface DownloadMyDataProps {
  /** GET /api/export as a file; the browser's by default. */
  download?: () => Promise<Download>;
  save?: (download: Download) => void;
}

const exportDownload = () => apiDownload('/api/export', 'stickwork-data.zip');

/**
 * Account settings → "Download my data" (GDPR Art. 15 and 20): a zip of everything
 * Stickwork keeps about the customer (GET /api/export), saved by the browser.
 */
export const DownloadMyData = ({ download = exportDownload, save = saveDownload }: DownloadMyDataProps) => {
  const [state, setState] = useState<'idle' | 'preparing' | 'done' | { error: string }>('idle');
  const onClick = async () => {
    setState('preparing');
    try {
      save(await download());
      setState('done');
    } catch (error) {
      // A refusal (too many downloads) says why; anything else says to try again.
      const message =
        error instanceof ApiError && error.status === 429 ? error.message : DOWNLOAD_FAILED_MESSAGE;
      if (!(error instanceof ApiError)) console.error('Could not download the data export.', error);
      setState({ error: message });
    }
  };
  return (
    <section className="stack account-data" aria-labelledby="account-data-title">
      <h3 id="account-data-title">Your data</h3>
      <p>
        Download a zip of everything Stickwork keeps about you: your account and practice history as JSON,
        your progress, lesson history and practice days as CSV, and a README explaining the files.
      </p>
      <div>
        <Button variant="secondary" disabled={state === 'preparing'} onClick={() => void onClick()}>
          {state === 'preparing' ? 'Preparing your data…' : 'Download my data'}
        </Button>
      </div>
      {state === 'done' ? <FormMessage tone="success">Your data was downloaded.</FormMessage> : null}
      {typeof state === 'object' ? <FormMessage tone="error">{state.error}</FormMessage> : null}
    </section>
  );
};
