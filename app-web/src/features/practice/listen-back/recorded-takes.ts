import type { ClickSound, PracticePosition } from '@stickwork/domain';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/** How many takes of each lesson the device keeps: the newest; an older one goes as a new one comes. */
export const KEPT_TAKES = 3;

/** A stroke of the take as the coach judged it, where it sounds in the recording. */
export interface RecordedStroke {
  /** Seconds into the recording. */
  at: number;
  /** Played minus written, ms (negative: early); null for an extra stroke. */
  offsetMs: number | null;
  /** Whether the recording holds it: false for a stroke the coach heard that is not in the recording
   * (a sound of the audio input's glitch, or too soft in the recording), kept at its place, shown as
   * such. Absent for a recording placed by the recorder's start event (nothing was matched). */
  inRecording?: boolean;
}

/**
 * How a recording was placed on the audio clock: by the strokes the coach heard and the recording's own
 * onsets (exact to a ms or two), or by the recorder's start event only (tens of ms off; the strokes could
 * not be matched). Takes kept before the placement existed have none: placed by the start event.
 */
export type RecordingPlacedBy = 'heard-strokes' | 'recorder-start';

/**
 * One recorded take, kept on this device only (IndexedDB): the microphone's audio and what the
 * practice room played with it, every time in seconds into the recording, placed as the drummer heard
 * the music (the setup's measured delay taken into account), so a stroke the coach judged on time
 * sounds with its note's light and click.
 */
export interface RecordedTake {
  id: string;
  lessonId: number;
  /** When it was recorded (ms since 1970). */
  recordedAt: number;
  audio: Blob;
  bpm: number;
  /** The take's accuracy (0-100), as the coach scored it. */
  accuracy: number;
  positions: { at: number; position: PracticePosition }[];
  clicks: { at: number; click: ClickSound }[];
  strokes: RecordedStroke[];
  placedBy?: RecordingPlacedBy;
}

interface ListenBackDb extends DBSchema {
  takes: { key: string; value: RecordedTake; indexes: { lessonId: number } };
}

const DATABASE = 'stickwork-listen-back';

/** The device does not keep recordings (no IndexedDB, private mode, storage full or blocked). */
export class StorageUnavailable extends Error {}

let opening: Promise<IDBPDatabase<ListenBackDb>> | null = null;

const database = (): Promise<IDBPDatabase<ListenBackDb>> => {
  if (typeof indexedDB === 'undefined') return Promise.reject(new StorageUnavailable('no IndexedDB'));
  opening ??= openDB<ListenBackDb>(DATABASE, 1, {
    upgrade(db) {
      db.createObjectStore('takes', { keyPath: 'id' }).createIndex('lessonId', 'lessonId');
    },
  }).catch((error: unknown) => {
    opening = null;
    throw new StorageUnavailable(String(error));
  });
  return opening;
};

const stored = async <T>(work: (db: IDBPDatabase<ListenBackDb>) => Promise<T>): Promise<T> => {
  const db = await database();
  try {
    return await work(db);
  } catch (error) {
    throw new StorageUnavailable(String(error));
  }
};

/** The ids of a lesson's takes beyond the newest `kept`: the ones a new take pushes out. */
export const takesToDrop = (takes: readonly Pick<RecordedTake, 'id' | 'recordedAt'>[], kept = KEPT_TAKES) =>
  [...takes]
    .sort((a, b) => b.recordedAt - a.recordedAt)
    .slice(kept)
    .map((take) => take.id);

/** A lesson's kept takes, newest first. */
export const takesOf = (lessonId: number): Promise<RecordedTake[]> =>
  stored(async (db) =>
    (await db.getAllFromIndex('takes', 'lessonId', lessonId)).sort((a, b) => b.recordedAt - a.recordedAt),
  );

/** Keeps a take, and lets the lesson's oldest go beyond KEPT_TAKES (one transaction). */
export const keepTake = (take: RecordedTake): Promise<void> =>
  stored(async (db) => {
    const transaction = db.transaction('takes', 'readwrite');
    await transaction.store.put(take);
    const all = await transaction.store.index('lessonId').getAll(take.lessonId);
    for (const id of takesToDrop(all)) await transaction.store.delete(id);
    await transaction.done;
  });

/** Deletes every recorded take of every lesson on this device. */
export const deleteAllTakes = (): Promise<void> => stored((db) => db.clear('takes'));
