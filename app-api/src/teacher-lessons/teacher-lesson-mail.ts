import { createEvent } from 'ics';
import { TEACHER_LESSON_MINUTES } from '@stickwork/domain';
import type { OutgoingMail } from '../adapters/mail/mailer.js';
import { escapeHtml, mailButton, mailLayout } from '../adapters/mail/mail-layout.js';

export interface LessonMailParty {
  email: string;
  name: string;
  timeZone: string;
}

export interface TeacherLessonMailInput {
  bookingId: string;
  startsAt: Date;
  teacher: LessonMailParty;
  customer: LessonMailParty;
  /** Where the lesson happens: the teacher's meeting link, null while none is set. */
  meetingLink: string | null;
  /** Booked, or cancelled (the calendar entry is then withdrawn: METHOD:CANCEL, the same UID). */
  kind: 'booked' | 'cancelled';
  publicUrl: string;
}

type Recipient = 'customer' | 'teacher';

const when = (instant: Date, timeZone: string) =>
  `${new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone,
  }).format(instant)} (${timeZone})`;

/**
 * Where the lesson happens, as each side reads it. Without a link it says so plainly: the drummer's
 * page shows the link once an operator sets it; the teacher is asked to have theirs set.
 */
const whereText = (meetingLink: string | null, to: Recipient) =>
  meetingLink !== null
    ? `Join the lesson here: ${meetingLink}`
    : to === 'customer'
      ? "Where the lesson happens is not set yet: your teacher's meeting link will be on your Teacher Lessons page as soon as it is set."
      : 'Where the lesson happens is not set yet: no meeting link is set for you. Please ask the Stickwork team to set yours, so the drummer knows where to join.';

/**
 * The calendar file (RFC 5545) of the lesson, made with `ics`: the meeting link as LOCATION and URL.
 * The drummer's copy names their Teacher Lessons page; the teacher's names nothing they cannot open.
 */
export const teacherLessonIcs = (
  { bookingId, startsAt, teacher, customer, meetingLink, kind, publicUrl }: TeacherLessonMailInput,
  to: Recipient,
) => {
  const description = [
    `Online drum lesson, ${TEACHER_LESSON_MINUTES} minutes.`,
    whereText(meetingLink, to),
    ...(to === 'customer' ? [`Your lessons: ${publicUrl}/teacher-lessons`] : []),
  ].join('\n');
  const { error, value } = createEvent({
    uid: `${bookingId}@stickwork`,
    method: kind === 'booked' ? 'REQUEST' : 'CANCEL',
    status: kind === 'booked' ? 'CONFIRMED' : 'CANCELLED',
    sequence: kind === 'booked' ? 0 : 1,
    start: startsAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: TEACHER_LESSON_MINUTES },
    title: `Stickwork drum lesson: ${teacher.name} with ${customer.name}`,
    description,
    ...(meetingLink !== null ? { location: meetingLink, url: meetingLink } : {}),
    organizer: { name: 'Stickwork', email: 'hello@stickwork.local' },
    attendees: [teacher, customer]
      .filter((party) => party.email !== '')
      .map((party) => ({ name: party.name, email: party.email, rsvp: false, role: 'REQ-PARTICIPANT' })),
    productId: 'stickwork/teacher-lessons',
  });
  if (error || !value) throw error ?? new Error('no calendar file');
  return value;
};

/**
 * The confirmation to one side of the lesson (the customer or the teacher), with the `.ics`. A booked
 * lesson's mail says where it happens (the meeting link, or that none is set yet). The customer's
 * links to their Teacher Lessons page; the teacher has no Stickwork page, so theirs gives what they
 * use: the meeting link and the calendar file.
 */
export const teacherLessonMail = (input: TeacherLessonMailInput, to: Recipient): OutgoingMail => {
  const recipient = to === 'customer' ? input.customer : input.teacher;
  const other = to === 'customer' ? input.teacher : input.customer;
  const time = when(input.startsAt, recipient.timeZone);
  const booked = input.kind === 'booked';
  const subject = booked ? `Teacher lesson booked: ${time}` : `Teacher lesson cancelled: ${time}`;
  const line = booked
    ? `your ${TEACHER_LESSON_MINUTES}-minute online drum lesson with ${other.name} is booked for ${time}.`
    : `the online drum lesson with ${other.name} on ${time} is cancelled.`;
  const calendar = booked
    ? 'The calendar file is attached: add it to your calendar.'
    : 'The attached calendar file takes it out of your calendar.';
  const where = booked ? whereText(input.meetingLink, to) : null;
  const page = to === 'customer' ? `${input.publicUrl}/teacher-lessons` : null;
  const text = [
    `Hi ${recipient.name},`,
    `${line} ${calendar}`,
    ...(where !== null ? [where] : []),
    ...(page !== null ? [`Your lessons: ${page}`] : []),
    'Your Stickwork team\n',
  ].join('\n\n');
  const link = booked && input.meetingLink !== null ? input.meetingLink : null;
  const html = mailLayout(
    subject,
    [
      `    <p>Hi ${escapeHtml(recipient.name)},</p>`,
      `    <p>${escapeHtml(line)} ${escapeHtml(calendar)}</p>`,
      link !== null
        ? mailButton(link, 'Join the lesson')
        : where !== null
          ? `    <p>${escapeHtml(where)}</p>`
          : null,
      page !== null ? `    <p><a href="${escapeHtml(page)}">Your lessons</a></p>` : null,
    ]
      .filter((part) => part !== null)
      .join('\n'),
  );
  return {
    to: recipient.email,
    subject,
    text,
    html,
    attachments: [
      {
        filename: 'stickwork-lesson.ics',
        content: teacherLessonIcs(input, to),
        contentType: `text/calendar; charset=utf-8; method=${booked ? 'REQUEST' : 'CANCEL'}`,
      },
    ],
  };
};
