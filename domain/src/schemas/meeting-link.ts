import { z } from 'zod';

export const MEETING_LINK_MAX_LENGTH = 500;
export const MEETING_LINK_HINT =
  'expected a web address that starts with https://, such as https://meet.example.com/tina';

/**
 * A teacher's meeting link, where their online lessons happen (a video-call room): an https address
 * on a real domain, without a user name or password in it, normalised as a browser writes it. The
 * operator sets it (`stickwork teacher meeting-link`); the page, both mails and the `.ics` carry it.
 */
export const meetingLinkSchema = z
  .string()
  .trim()
  .min(1, { error: MEETING_LINK_HINT, abort: true })
  .max(MEETING_LINK_MAX_LENGTH, { error: `must be at most ${MEETING_LINK_MAX_LENGTH} characters` })
  .pipe(z.url({ protocol: /^https$/, hostname: z.regexes.domain, normalize: true, error: MEETING_LINK_HINT }))
  // Runs after a failed address check too: only a parsable address is looked into.
  .refine((link) => {
    const url = URL.canParse(link) ? new URL(link) : null;
    return url === null || (url.username === '' && url.password === '');
  }, 'must not hold a user name or password: give the link participants open');
