import { describe, expect, it } from 'vitest';
import { lessonBackButtonText, lessonFrontButtonText } from './lesson-card-buttons';

describe('the lesson card buttons', () => {
  it("read 'warmed up' on a warm-up's front and 'evaluate lesson' on any other", () => {
    expect(lessonFrontButtonText({ type: 'warm_up' })).toBe('warmed up');
    expect(lessonFrontButtonText({ type: 'exercise' })).toBe('evaluate lesson');
  });

  it("read 'finish practice' on the last lesson's back and 'evaluate lesson' before", () => {
    expect(lessonBackButtonText(true)).toBe('finish practice');
    expect(lessonBackButtonText(false)).toBe('evaluate lesson');
  });
});
