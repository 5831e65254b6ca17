import type { Notation } from '@stickwork/domain';
import { useEffect, useState } from 'react';
import { apiRequest } from '../../../lib/api-client';

export type LessonNotationState =
  { status: 'loading' } | { status: 'ready'; notation: Notation } | { status: 'error'; message: string };

/** GET /api/lesson/notation: the same notation data the sheet-music PDF is drawn from. */
export const fetchLessonNotation = async (lessonId: number, signal?: AbortSignal): Promise<Notation> => {
  const body = await apiRequest<{ lessonId: number; notation: Notation }>(
    `/api/lesson/notation?lessonId=${encodeURIComponent(lessonId)}`,
    { signal },
  );
  return body.notation;
};

/**
 * The lesson's notation, fetched once per lesson when the card shows it. Once fetched it stays in memory,
 * so the notation and the pattern player keep working with the network down.
 */
export const useLessonNotation = (
  lessonId: number | undefined,
  load: typeof fetchLessonNotation = fetchLessonNotation,
): LessonNotationState => {
  const [state, setState] = useState<{ lessonId: number | undefined; value: LessonNotationState }>({
    lessonId,
    value: { status: 'loading' },
  });
  useEffect(() => {
    if (lessonId === undefined || lessonId === 0) return;
    const controller = new AbortController();
    load(lessonId, controller.signal).then(
      (notation) => setState({ lessonId, value: { status: 'ready', notation } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Could not load the lesson notation.', error);
        setState({ lessonId, value: { status: 'error', message: 'The notation could not be loaded.' } });
      },
    );
    return () => controller.abort();
  }, [lessonId, load]);
  return state.lessonId === lessonId ? state.value : { status: 'loading' };
};
