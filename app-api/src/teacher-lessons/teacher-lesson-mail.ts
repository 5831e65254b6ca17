import { createEvent } from 'ics';
import { TEACHER_LESSON_MINUTES } from '@stickwork/domain';
import type { OutgoingMail } from '../adapters/mail/mailer.js';
import { escapeHtml, mailLayout } from '../adapters/mail/mail-layout.js';

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
  /** Booked, or cancelled (the calendar entry is then withdrawn: METHOD:CANCEL, the same UID). */
  kind: 'booked' | 'cancelled';
  publicUrl: string;
}

const when = (instant: Date, timeZone: string) =>
  `${new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone,
  }).format(instant)} (${timeZone})`;

/** The calendar file (RFC 5545) of the lesson, made with `ics`. */
export const teacherLessonIcs = ({
  bookingId,
  startsAt,
  teacher,
  customer,
  kind,
  publicUrl,
}: TeacherLessonMailInput) => {
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
    description: `Your ${TEACHER_LESSON_MINUTES}-minute online drum lesson. Manage it at ${publicUrl}/teacher-lessons`,
    organizer: { name: 'Stickwork', email: 'hello@stickwork.local' },
    attendees: [teacher, customer]
      .filter((party) => party.email !== '')
      .map((party) => ({ name: party.name, email: party.email, rsvp: false, role: 'REQ-PARTICIPANT' })),
    productId: 'stickwork/teacher-lessons',
  });
  if (error || !value) throw error ?? new Error('no calendar file');
  return value;
};

/** The confirmation to one side of the lesson (the customer or the teacher), with the `.ics`. */
export const teacherLessonMail = (
  input: TeacherLessonMailInput,
  to: 'customer' | 'teacher',
): OutgoingMail => {
  const recipient = to === 'customer' ? input.customer : input.teacher;
  const other = to === 'customer' ? input.teacher : input.customer;
  const time = when(input.startsAt, recipient.timeZone);
  const subject =
    input.kind === 'booked' ? `Teacher lesson booked: ${time}` : `Teacher lesson cancelled: ${time}`;
  const line =
    input.kind === 'booked'
      ? `your ${TEACHER_LESSON_MINUTES}-minute online drum lesson with ${other.name} is booked for ${time}.`
      : `the online drum lesson with ${other.name} on ${time} is cancelled.`;
  const text = `Hi ${recipient.name},

${line} The calendar file is attached.

${input.publicUrl}/teacher-lessons

Your Stickwork team
`;
  const html = mailLayout(
    subject,
    `    <p>Hi ${escapeHtml(recipient.name)},</p>
    <p>${escapeHtml(line)} The calendar file is attached.</p>`,
  );
  return {
    to: recipient.email,
    subject,
    text,
    html,
    attachments: [
      {
        filename: 'stickwork-lesson.ics',
        content: teacherLessonIcs(input),
        contentType: `text/calendar; charset=utf-8; method=${input.kind === 'booked' ? 'REQUEST' : 'CANCEL'}`,
      },
    ],
  };
};
