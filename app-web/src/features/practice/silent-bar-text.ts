/** What the card says over a silent bar (gap click or the lesson's own), in the status and on the music alike. */
export const SILENT_BAR_TEXT = 'silent, keep time';
