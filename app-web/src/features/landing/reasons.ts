export interface Reason {
  title: string;
  text: string;
}

/** '5 Reasons to join' on the landing page. */
export const REASONS: readonly Reason[] = [
  {
    title: 'Lessons from a real teacher',
    text: 'More than 9000 exercises, written by a professional drummer and teacher, not scraped from the internet.',
  },
  {
    title: 'Tailored to your level',
    text: 'Rate yourself in each skill once. Every session then fits where you are, and your ratings after each lesson steer the next ones.',
  },
  {
    title: 'Ready in seconds',
    text: 'Choose your skills and your time, from 15 minutes to a long weekend session. A warm-up comes first, the plan is made for you.',
  },
  {
    title: 'Everything on one screen',
    text: 'The notation on screen, a metronome, a stopwatch and downloadable sheet music for every lesson. No juggling apps, books and tabs.',
  },
  {
    title: 'Progress you can see',
    text: 'Skill gauges, a radar chart, your practice calendar and streaks show how far you have come, and when you are ready to level up.',
  },
];
