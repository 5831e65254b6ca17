import { describe, expect, it } from 'vitest';
import { teacherLessonIcs, teacherLessonMail, type TeacherLessonMailInput } from './teacher-lesson-mail.js';

const LINK = 'https://meet.example.com/tina';
const lesson = (overrides: Partial<TeacherLessonMailInput> = {}): TeacherLessonMailInput => ({
  bookingId: 'b1',
  startsAt: new Date('2026-04-14T16:00:00Z'),
  kind: 'booked',
  meetingLink: LINK,
  publicUrl: 'https://stickwork.example',
  teacher: { email: 'tina@example.com', name: 'Tina Drums', timeZone: 'America/New_York' },
  customer: { email: 'ringo@example.com', name: 'Ringo Starr', timeZone: 'Europe/Berlin' },
  ...overrides,
});
/** The calendar file's lines, folded lines joined (RFC 5545 folds at 75 octets). */
const lines = (ics: string) => ics.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);

describe('the .ics of a teacher lesson', () => {
  it('carries the meeting link as LOCATION and URL, the start in UTC and the 45 minutes', () => {
    for (const to of ['customer', 'teacher'] as const) {
      const ics = lines(teacherLessonIcs(lesson(), to));
      expect(ics).toContain(`LOCATION:${LINK}`);
      expect(ics).toContain(`URL:${LINK}`);
      expect(ics).toContain('METHOD:REQUEST');
      expect(ics).toContain('UID:b1@stickwork');
      expect(ics).toContain('DTSTART:20260414T160000Z');
      expect(ics).toContain('DURATION:PT45M');
    }
  });

  it("names the drummer's page only in the drummer's copy", () => {
    const customer = lines(teacherLessonIcs(lesson(), 'customer')).join('\n');
    const teacher = lines(teacherLessonIcs(lesson(), 'teacher')).join('\n');
    expect(customer).toContain('Your lessons: https://stickwork.example/teacher-lessons');
    expect(teacher).not.toContain('https://stickwork.example');
  });

  it('without a meeting link has no LOCATION or URL and says where is not set yet', () => {
    const ics = lines(teacherLessonIcs(lesson({ meetingLink: null }), 'customer'));
    expect(ics.filter((line) => /^(LOCATION|URL)[:;]/.test(line))).toEqual([]);
    expect(ics.join('\n')).toContain('Where the lesson happens is not set yet');
  });

  it('withdraws a cancelled lesson under the same UID', () => {
    const ics = lines(teacherLessonIcs(lesson({ kind: 'cancelled' }), 'teacher'));
    expect(ics).toContain('METHOD:CANCEL');
    expect(ics).toContain('STATUS:CANCELLED');
    expect(ics).toContain('UID:b1@stickwork');
  });
});

describe('the mails of a teacher lesson', () => {
  it("tell each side the time in their own zone and where to join; only the drummer's links to their page", () => {
    const customer = teacherLessonMail(lesson(), 'customer');
    const teacher = teacherLessonMail(lesson(), 'teacher');
    expect(customer.subject).toBe('Teacher lesson booked: Tuesday, 14 April 2026 at 18:00 (Europe/Berlin)');
    expect(teacher.subject).toBe('Teacher lesson booked: Tuesday, 14 April 2026 at 12:00 (America/New_York)');
    for (const mail of [customer, teacher]) {
      expect(mail.text).toContain(`Join the lesson here: ${LINK}`);
      expect(mail.html).toContain(`href="${LINK}"`);
    }
    expect(customer.text).toContain('Your lessons: https://stickwork.example/teacher-lessons');
    expect(teacher.text).not.toContain('https://stickwork.example');
    expect(teacher.html).not.toContain('https://stickwork.example');
  });

  it('without a link tell the drummer it will be on their page, and the teacher to have theirs set', () => {
    expect(teacherLessonMail(lesson({ meetingLink: null }), 'customer').text).toContain(
      "Where the lesson happens is not set yet: your teacher's meeting link will be on your Teacher Lessons page as soon as it is set.",
    );
    expect(teacherLessonMail(lesson({ meetingLink: null }), 'teacher').text).toContain(
      'no meeting link is set for you. Please ask the Stickwork team to set yours, so the drummer knows where to join.',
    );
  });
});
