import type { WeeklySlot } from '@stickwork/domain';
import type { Backend } from '../backend.js';
import { runTeacher } from './teacher-lessons.js';

type TeachersBackend = Pick<Backend, 'store' | 'clock' | 'projections'>;

/** What an operator states about a new teacher (`stickwork teacher add`). */
export interface NewTeacher {
  teacherId: string;
  name: string;
  email: string;
  timeZone: string;
}

const answered = async (backend: TeachersBackend, result: Awaited<ReturnType<typeof runTeacher>>) => {
  if (result.position !== null) await backend.projections.waitFor(result.position);
  return result;
};

/**
 * The exclusive tier's teachers, as operators keep them: the teacher decider judges
 * (one teacher per id, a real time zone, whole 45-minute slots); the read models show the change
 * before the call returns.
 */
export const addTeacher = async (backend: TeachersBackend, teacher: NewTeacher) =>
  answered(backend, await runTeacher(backend, teacher.teacherId, { type: 'AddTeacher', data: teacher }));

/** Replaces a teacher's weekly slots (in the teacher's zone); booked lessons stay. */
export const setTeacherAvailability = async (
  backend: TeachersBackend,
  teacherId: string,
  slots: WeeklySlot[],
) => answered(backend, await runTeacher(backend, teacherId, { type: 'SetAvailability', data: { slots } }));

/**
 * Sets where a teacher's lessons happen (an https meeting link; the decider refuses anything else):
 * the booked lessons' page shows it at once; mails and calendar files sent from then on carry it.
 */
export const setTeacherMeetingLink = async (
  backend: TeachersBackend,
  teacherId: string,
  meetingLink: string,
) =>
  answered(backend, await runTeacher(backend, teacherId, { type: 'SetMeetingLink', data: { meetingLink } }));
