/**
 * The four yes/no questions of the questionnaire (product-spec §4), asked the way a drum teacher
 * asks in a first lesson: each yes moves the starting levels up (domain's questionnaire presets).
 */
export const QUESTIONNAIRE_QUESTIONS_TEXT = [
  {
    question: 'Can you play a steady rock beat with hi-hat, snare and bass drum along to a song?',
    hint: 'Eighth notes on the hi-hat, snare on 2 and 4, without stopping for a whole song.',
  },
  {
    question: 'Can you play a one-bar fill around the toms and land back in the groove on the one?',
    hint: 'For example 16th notes from the snare down to the floor tom, with a crash on the next downbeat.',
  },
  {
    question: 'Can you play grooves with ghost notes while keeping time with the click only on 2 and 4?',
    hint: 'Soft snare notes between the backbeats, and the metronome as your bass player on the backbeat only.',
  },
  {
    question: 'Can you play 16th-note singles at 180 bpm and linear grooves and fills with confidence?',
    hint: 'Fast, even hands and all four limbs working independently: the level of a working drummer.',
  },
] as const;
