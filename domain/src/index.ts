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
export * from './calendar/time-zone.js';
export * from './schemas/time-zone.js';
export * from './progress/level-progress.js';
export * from './progress/practice-clock.js';
export * from './progress/gauges.js';
export * from './calendar/day-keys.js';
export * from './progress/streak.js';
export * from './progress/humane-streak.js';
export * from './progress/weekly-goal.js';
export * from './schemas/weekly-goal-request.js';
export * from './schemas/reminder-settings-request.js';
export * from './schemas/teacher-lesson-request.js';
export * from './schemas/meeting-link.js';
export * from './progress/heatmap.js';
export * from './progress/overall-level.js';
export * from './decider/decider.js';
export * from './decider/upcasters.js';
export * from './practice/practice-upcasters.js';
export * from './timing/beat-positions.js';
export * from './timing/weak-spots.js';
export * from './scheduler/take-history.js';
export * from './scheduler/tempo-plan.js';
export * from './scheduler/spaced-returns.js';
export * from './errors/domain-error.js';
export * from './practice/practice-events.js';
export * from './practice/practice-state.js';
export * from './practice/practice-evolve.js';
export * from './practice/practice-queries.js';
export * from './practice/practice-commands.js';
export * from './practice/practice-decide.js';
export * from './practice/practice-decider.js';
export * from './practice/lesson-history.js';
export * from './practice/schedule-input.js';
export * from './customer/customer-events.js';
export * from './customer/customer-state.js';
export * from './customer/customer-queries.js';
export * from './customer/customer-commands.js';
export * from './customer/customer-decide.js';
export * from './customer/customer-evolve.js';
export * from './customer/customer-decider.js';
export * from './customer/email-reservation-decider.js';
export * from './customer/secret-fields.js';
export * from './reminders/reminder-events.js';
export * from './reminders/reminder-decider.js';
export * from './newsletter/newsletter-events.js';
export * from './newsletter/newsletter-decider.js';
export * from './reminders/reminder-due.js';
export * from './teachers/teacher-events.js';
export * from './teachers/teacher-slots.js';
export * from './teachers/teacher-decider.js';
export * from './teachers/lesson-credit-decider.js';
export * from './rules/usage.js';
export * from './scheduler/catalogue-index.js';
export * from './scheduler/lesson-rest.js';
export * from './scheduler/practice-schedule.js';
export * from './scheduler/generate-schedule.js';
// Machines with product rules only; what only the browser shows or runs (button texts, the plan's
// banner, the consent dialog, the registration wizard) lives in app-web (README "Architecture").
export * from './machines/questionnaire-machine.js';
export * from './machines/lesson-card-machine.js';
export * from './machines/level-up-machine.js';
export * from './machines/subscription-machine.js';
export * from './decider/command-handler.js';
export * from './decider/stream-snapshots.js';
export * from './practice/practice-snapshot.js';
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
export * from './catalogue/written-sticking.js';
export { SINGLES_TARGET_BPM } from './catalogue/tempo.js';
// Field builders, so app-api can state small request schemas (level-up) in the same voice.
export { skillField, levelField } from './schemas/skill-level-fields.js';
export { objectOf } from './schemas/fields.js';
export * from './schemas/test-payments.js';
export * from './schemas/customer-info.js';
export * from './rules/long-date.js';
export * from './rhythm/playback-position.js';
export * from './rhythm/tempo-range.js';
export * from './rhythm/tempo-clock.js';
export * from './rhythm/speed-trainer.js';
export * from './rhythm/gap-click.js';
export * from './rhythm/tap-tempo.js';
export * from './rhythm/note-strokes.js';
export * from './rhythm/practice-program.js';
export * from './rhythm/beat-plan.js';
export * from './rhythm/sequencer.js';
export * from './rhythm/pattern-playback.js';
export * from './rhythm/practice-passes.js';
export * from './rhythm/written-bars.js';
export * from './timing/expected-notes.js';
export * from './timing/score-take.js';
export * from './timing/timing-tiers.js';
export * from './timing/dynamics.js';
export * from './timing/take-judge.js';
export * from './timing/calibration.js';
export {
  isFullTake,
  MIN_FULL_TAKE_NOTES,
  takeIsRecorded,
  takeTeachesPlans,
} from './timing/take-plausibility.js';
export * from './timing/onset-detector.js';
export * from './timing/soft-strokes.js';
export * from './customer/customer-streams.js';
export * from './practice/practice-event-schemas.js';
