import { apiRequest } from '../../lib/api-client';

/** GET /api/teacher-lessons. */
export interface TeacherLessonsView {
  timeZone: string;
  quartersUsed: string[];
  teachers: {
    teacherId: string;
    name: string;
    /** `night`: the lesson runs outside 07:00-22:00 of the customer's zone. */
    slots: { startsAt: string; quarter: string; quarterUsed: boolean; night: boolean }[];
  }[];
  bookings: {
    bookingId: string;
    teacherId: string;
    teacherName: string;
    startsAt: string;
    /** Where the lesson happens: the teacher's meeting link, null while none is set. */
    meetingLink: string | null;
    cancellable: boolean;
  }[];
}

/** The 403 of the other tiers. */
export interface TeacherLessonsUpsell {
  message: string;
  upsell: { tier: string; features: string[]; link: string };
}

export const fetchTeacherLessons = () => apiRequest<TeacherLessonsView>('/api/teacher-lessons');

export const bookTeacherLesson = (teacherId: string, startsAt: string) =>
  apiRequest<{ bookingId: string; startsAt: string; teacherName: string }>('/api/teacher-lessons', {
    method: 'POST',
    body: { teacherId, startsAt },
  });

export const cancelTeacherLesson = (bookingId: string) =>
  apiRequest<TeacherLessonsView>(`/api/teacher-lessons/${encodeURIComponent(bookingId)}`, {
    method: 'DELETE',
  });
