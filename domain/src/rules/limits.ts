/** Limits of product-spec §5 and §9. */
export const PRACTICE_TIME = { min: 10, max: 360, inputMin: 5, inputStep: 5 } as const;
export const TIME_PICKER_OPTIONS = [15, 20, 30, 45, 60, 90, 120, 180] as const;
export const DEFAULT_PRACTICE_TIME = 45;
export const METRONOME_BPM = { min: 30, max: 250, default: 120 } as const;
export const WARM_UP_MINUTES = { min: 5, max: 10 } as const;
/** A description of this length or more is folded to `foldTo` characters. */
export const DESCRIPTION_FOLD = { foldTo: 250, threshold: 400 } as const;
export const LEVEL_UP_THRESHOLD = 80;
export const NAME_MIN_LENGTH = 2;
export const PASSWORD_MIN_LENGTH = 8;
export const SECRET_MIN_LENGTH = 150;
export const DELETION_PHRASE = 'delete me';
export const QUESTIONNAIRE_QUESTIONS = 4;
export const HEATMAP_MONTHS = 4;
