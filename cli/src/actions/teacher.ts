import type * as AppApi from '@stickwork/app-api';
import { isDomainError, type TeacherState, type WeeklySlot } from '@stickwork/domain';
import { teacherSchedulesProjection } from '@stickwork/projections';
import type {
  teacherAddInput,
  teacherAvailabilityInput,
  teacherListInput,
  teacherMeetingLinkInput,
} from '../commands/teacher.js';
import { requireConfirmation } from '../confirmation.js';
import { CliError, UsageError, withStores, type StoreBackend } from '../context.js';
import type { InputOf } from '../define-command.js';
import { operatorName, stampOperator } from '../operator.js';
import { printJson, renderRecords } from '../ui/print.js';

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

/** `tue@17:00` (or `2@17:00`) as a weekly slot; a usage error names the bad one. */
export const parseSlot = (text: string): WeeklySlot => {
  const match = /^([a-z]{3}|[1-7])@([01]\d|2[0-3]):([0-5]\d)$/i.exec(text.trim());
  const day = match
    ? /^\d$/.test(match[1]!)
      ? Number(match[1])
      : WEEKDAYS.indexOf(match[1]!.toLowerCase()) + 1
    : 0;
  if (!match || day < 1) throw new UsageError(`invalid slot "${text}": write weekday@HH:mm, e.g. tue@17:00`);
  return { weekday: day, start: `${match[2]}:${match[3]}` };
};

type TeachersService = Pick<typeof AppApi, 'addTeacher' | 'setTeacherAvailability' | 'setTeacherMeetingLink'>;

/**
 * Runs one of the API's teachers-service calls as the operator (every event it appends carries
 * `metadata.operator`); a refusal of the teacher decider is one line, exit 1.
 */
const asOperator = async <T>(
  backend: StoreBackend,
  operator: string,
  call: (service: TeachersService, backend: StoreBackend) => Promise<T>,
): Promise<T> => {
  // Loaded here, not at start-up: only the writing teacher commands need the application services.
  const service = await import('@stickwork/app-api');
  try {
    return await call(service, { ...backend, store: stampOperator(backend.store, operator) });
  } catch (error) {
    if (isDomainError(error)) throw new CliError(error.message);
    throw error;
  }
};

export const runTeacherAdd = async (options: InputOf<typeof teacherAddInput>) => {
  await requireConfirmation(`Add teacher ${options.teacherId} (${options.name}, ${options.tz})?`, options);
  const { events } = await withStores((backend) =>
    asOperator(backend, operatorName(options.operator), (service, operating) =>
      service.addTeacher(operating, {
        teacherId: options.teacherId,
        name: options.name,
        email: options.email,
        timeZone: options.tz,
      }),
    ),
  );
  if (options.json) printJson({ teacherId: options.teacherId, events });
  else process.stdout.write(`Teacher ${options.teacherId} added (${options.name}, ${options.tz}).\n`);
};

export const runTeacherAvailability = async (options: InputOf<typeof teacherAvailabilityInput>) => {
  const parsed = options.slots.map(parseSlot);
  await requireConfirmation(
    `Set the weekly slots of ${options.teacherId} to ${parsed.map(slotText).join(', ')}?`,
    options,
  );
  const { state } = await withStores((backend) =>
    asOperator(backend, operatorName(options.operator), (service, operating) =>
      service.setTeacherAvailability(operating, options.teacherId, parsed),
    ),
  );
  const set = state.status === 'added' ? state.slots : [];
  if (options.json) printJson({ teacherId: options.teacherId, slots: set });
  else process.stdout.write(`${options.teacherId}: ${set.map(slotText).join(', ')}\n`);
};

export const runTeacherMeetingLink = async (options: InputOf<typeof teacherMeetingLinkInput>) => {
  await requireConfirmation(`Set the meeting link of ${options.teacherId} to ${options.url}?`, options);
  const { state } = await withStores((backend) =>
    asOperator(backend, operatorName(options.operator), (service, operating) =>
      service.setTeacherMeetingLink(operating, options.teacherId, options.url),
    ),
  );
  const meetingLink = state.status === 'added' ? (state.meetingLink ?? null) : null;
  if (options.json) printJson({ teacherId: options.teacherId, meetingLink });
  else process.stdout.write(`${options.teacherId}: lessons happen at ${meetingLink}\n`);
};

const slotText = (slot: WeeklySlot) => `${WEEKDAYS[slot.weekday - 1]}@${slot.start}`;

export const runTeacherList = async (options: InputOf<typeof teacherListInput>) => {
  const rows = await withStores(async (backend) => {
    await backend.projections.catchUp();
    const now = backend.clock().getTime();
    return backend.readModels
      .list<TeacherState>(teacherSchedulesProjection.name)
      .map(({ state }) => state)
      .filter((state): state is Extract<TeacherState, { status: 'added' }> => state.status === 'added')
      .map((teacher) => ({
        teacherId: teacher.teacherId,
        name: teacher.name,
        email: teacher.email,
        timeZone: teacher.timeZone,
        meetingLink: teacher.meetingLink ?? null,
        slots: teacher.slots.map(slotText),
        upcoming: Object.values(teacher.bookings)
          .filter((booking) => Date.parse(booking.startsAt) > now)
          .map((booking) => booking.startsAt)
          .sort(),
      }));
  });
  await renderRecords(rows, rows.length, 'teachers', options, [
    { header: 'ID', value: (row) => row.teacherId },
    { header: 'NAME', value: (row) => row.name },
    { header: 'EMAIL', value: (row) => row.email },
    { header: 'ZONE', value: (row) => row.timeZone },
    { header: 'MEETING LINK', value: (row) => row.meetingLink ?? 'not set' },
    { header: 'SLOTS', value: (row) => row.slots.join(' ') || '-' },
    { header: 'BOOKED', value: (row) => String(row.upcoming.length) },
  ]);
};
