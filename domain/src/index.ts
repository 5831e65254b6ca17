export * from './event-store/event-store.js';
export * from './event-store/in-memory-event-store.js';
export * from './rules/plans.js';
export * from './rules/prices.js';
export * from './rules/tier-features.js';
export * from './rules/skills.js';
export * from './rules/levels.js';
export * from './rules/limits.js';
export * from './rules/difficulty-ratings.js';
export * from './rules/chart-values.js';
export * from './rules/level-descriptions.js';
export * from './rules/course-descriptions.js';
export * from './rules/heatmap-intensity.js';
export * from './rules/level-titles.js';
export * from './rules/questionnaire-presets.js';
export * from './schemas/validation-messages.js';
export * from './schemas/field-errors.js';
export * from './schemas/auth-requests.js';
export * from './schemas/practice-requests.js';
export * from './schemas/payment-queries.js';
export * from './schemas/delete-account.js';
export * from './schemas/time-zone.js';
export * from './progress/level-progress.js';
export * from './progress/gauges.js';
export * from './progress/day-keys.js';
export * from './progress/streak.js';
export * from './progress/heatmap.js';
export * from './progress/overall-level.js';
export * from './decider/decider.js';
export * from './decider/domain-error.js';
export * from './practice/practice-events.js';
export * from './practice/practice-decider.js';
export * from './practice/schedule-input.js';
export * from './customer/customer-events.js';
export * from './customer/customer-decider.js';
export * from './customer/email-reservation-decider.js';
export * from './rules/usage.js';
export * from './scheduler/catalogue-index.js';
export * from './scheduler/lesson-rest.js';
export * from './scheduler/practice-schedule.js';
export * from './scheduler/generate-schedule.js';
export * from './machines/questionnaire-machine.js';
export * from './machines/registration-wizard-machine.js';
export * from './machines/lesson-card-machine.js';
export * from './machines/level-up-machine.js';
export * from './machines/subscription-machine.js';
export * from './machines/consent-machine.js';
export * from './decider/command-handler.js';
export * from './catalogue/exercise.js';
export { catalogue, getCatalogue, findExercise, exercisesFor } from './catalogue/catalogue.js';
export { generateCatalogue, CATALOGUE_FAMILIES } from './catalogue/generate-catalogue.js';
export {
  validateCatalogue,
  EXERCISE_MINUTES,
  WARM_UP_EXERCISE_MINUTES,
  type CatalogueValidation,
} from './catalogue/validate-catalogue.js';
export { FAMILY_ID_RANGE, FAMILY_BLOCKS, type ExerciseFamily } from './catalogue/family.js';
export { RUDIMENTS, type Rudiment } from './catalogue/rudiments.js';
export { SINGLES_TARGET_BPM } from './catalogue/tempo.js';
// Field builders, so app-api can state small request schemas (level-up) in the same voice.
export { skillField, levelField } from './schemas/skill-level-fields.js';
export { objectOf } from './schemas/fields.js';
export * from './schemas/test-payments.js';
export * from './schemas/customer-info.js';
export * from './rules/long-date.js';
export * from './rhythm/playback-position.js';
