/** A student's words on the landing page (product-spec §3 Testimonial). */
export interface Testimonial {
  name: string;
  /** Month and year, as text. */
  userSince: string;
  message: string;
  /** The band the student drums for. */
  drummerOf?: string;
  instagramPersonal?: string;
  instagramBand?: string;
  /** Shown instead of the name when the student prefers it. */
  pseudoName?: string;
  /** The last card invites visitors to send their own testimonial. */
  callToAction?: true;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    name: 'Mara Lindqvist',
    userSince: 'March 2024',
    message:
      'I used to noodle around the same three grooves for an hour. Now I open Stickwork, pick Timing and Independence, and get 45 focused minutes. My band noticed the difference within a month.',
    drummerOf: 'The Night Ferries',
    instagramPersonal: 'https://www.instagram.com/mara.plays.drums',
    instagramBand: 'https://www.instagram.com/thenightferries',
  },
  {
    name: 'Daniel Okafor',
    userSince: 'January 2024',
    message:
      'I practise on a pad in a flat with thin walls. The pad-only lessons mean I never skip a day, and the hand speed exercises took my singles from 110 to 150 bpm.',
    instagramPersonal: 'https://www.instagram.com/dan.on.the.pad',
  },
  {
    name: 'Sophie Brenner',
    pseudoName: 'Groove Gran',
    userSince: 'May 2024',
    message:
      'I started drumming at 58. The beginner course explained everything without rushing me, and rating each lesson means the next one is never too hard. I love my practice streak.',
  },
  {
    name: 'Your name here',
    userSince: 'Today',
    message:
      'Practising with Stickwork? Tell us how it is going and your story could be next. Send us a message on Instagram or write us an email.',
    callToAction: true,
  },
];
