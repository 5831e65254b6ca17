import type { ScheduledLesson } from '@stickwork/domain';

/**
 * The lesson card's button texts (product-spec §2 "Lesson card"). Copy only the browser shows, so it
 * lives beside the card; domain's lessonCardMachine decides what happens on a press.
 */
export type LessonCardButtonText = 'warmed up' | 'evaluate lesson' | 'finish practice';

/** The front's button: 'warmed up' for a warm-up, 'evaluate lesson' otherwise. */
export const lessonFrontButtonText = (lesson: Pick<ScheduledLesson, 'type'>): LessonCardButtonText =>
  lesson.type === 'warm_up' ? 'warmed up' : 'evaluate lesson';

/** The back's primary button: 'finish practice' on the last lesson, 'evaluate lesson' otherwise. */
export const lessonBackButtonText = (isLastLesson: boolean): LessonCardButtonText =>
  isLastLesson ? 'finish practice' : 'evaluate lesson';
