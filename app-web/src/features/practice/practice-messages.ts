import { CONTACT_EMAIL } from '../../lib/contact';

/** product-spec §8: what a failed session request shows when the server gave nothing better. */
export const SESSION_FAILED_MESSAGE =
  'Something went wrong. Please try again later. If this error continues to exist, please contact us!';

/** Logged (not shown) when the schedule holds no lesson; the customer sees SESSION_FAILED_MESSAGE. */
export const EMPTY_SCHEDULE_ERROR = 'Could not receive practice session';

export const MUSIC_SHEET_FAILED_MESSAGE = `Could not retrieve music sheet. Please contact us: ${CONTACT_EMAIL}`;
