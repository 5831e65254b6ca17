import {
  fieldErrors,
  scheduleRequestSchema,
  type ScheduleRequestBody,
  type SkillPreferenceEntry,
} from '@stickwork/domain';

export interface PracticeRequestErrors {
  skills: string[];
  minutes: string[];
}

export type PracticeRequestValidation =
  { ok: true; body: ScheduleRequestBody } | { ok: false; errors: PracticeRequestErrors };

/**
 * The 'Customize your practice' card's submission: the chosen chips, the minutes typed and the
 * instrument, checked with the server's own schema (product-spec §5).
 */
export const validatePracticeRequest = (
  chosen: readonly SkillPreferenceEntry[],
  minutes: string,
  padSufficient: boolean,
): PracticeRequestValidation => {
  // Nothing or no number typed reads as 0, so the customer sees the range message.
  const typed = Number(minutes);
  const practiceTime = minutes.trim() !== '' && Number.isFinite(typed) ? typed : 0;
  const result = fieldErrors(scheduleRequestSchema, { skillPreference: chosen, practiceTime, padSufficient });
  if (result.ok) return { ok: true, body: result.value };
  const skills = Object.entries(result.errors)
    .filter(([field]) => field.startsWith('skillPreference'))
    .flatMap(([, messages]) => messages);
  return { ok: false, errors: { skills, minutes: result.errors.practiceTime ?? [] } };
};
