import type { Command } from 'commander';
import { argument, defineCommand, option, type Declared } from '../define-command.js';
import { changeOptions } from './customer.js';
import { jsonlOption, jsonOption } from './read-commands.js';

const teacherIdArgument = (description: string) =>
  argument(description, (k) =>
    k.z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, {
      message: 'use lower-case letters, digits and dashes (at most 40)',
    }),
  );

export const teacherAddInput = {
  arguments: { teacherId: teacherIdArgument('a short id, e.g. tina (letters, digits and dashes)') },
  options: {
    name: option('name', "the teacher's name, shown to customers (required)", (k) =>
      k.text('must not be empty'),
    ),
    email: option('email', 'where booking and cancellation mails go (required)', (k) => k.emailOption()),
    tz: option(
      'zone',
      "the teacher's IANA time zone, e.g. Europe/Berlin (required)",
      (k) => k.timeZoneOption(),
      {
        complete: 'zones',
      },
    ),
    ...changeOptions,
  },
} satisfies Declared;

export const teacherAvailabilityInput = {
  arguments: {
    teacherId: teacherIdArgument('the teacher'),
    slots: argument(
      "weekday@HH:mm in the teacher's zone, e.g. tue@17:00 thu@09:30",
      (k) => k.z.array(k.z.string()),
      {
        variadic: true,
      },
    ),
  },
  options: changeOptions,
} satisfies Declared;

export const teacherMeetingLinkInput = {
  arguments: {
    teacherId: teacherIdArgument('the teacher'),
    url: argument('where their lessons happen: an https link, e.g. https://meet.example.com/tina', (k) =>
      k.meetingLinkArgument(),
    ),
  },
  options: changeOptions,
} satisfies Declared;

export const teacherListInput = { options: { json: jsonOption, jsonl: jsonlOption } } satisfies Declared;

const actions = () => import('../actions/teacher.js');

/** `stickwork teacher add|availability|meeting-link|list`: the teachers of the exclusive tier's lessons. */
export const registerTeacherCommands = (program: Command) => {
  const teacher = program
    .command('teacher')
    .description("manage the teachers of the exclusive tier's online lessons and their weekly availability");
  defineCommand(teacher, 'add', {
    description: 'add a teacher (their lessons are offered in their own time zone)',
    ...teacherAddInput,
    run: async () => (await actions()).runTeacherAdd,
  });
  defineCommand(teacher, 'availability', {
    description: "set a teacher's weekly 45-minute slots (replaces the previous ones; booked lessons stay)",
    ...teacherAvailabilityInput,
    run: async () => (await actions()).runTeacherAvailability,
  });
  defineCommand(teacher, 'meeting-link', {
    description:
      "set where a teacher's lessons happen (shown on booked lessons, in the mails and calendar files)",
    ...teacherMeetingLinkInput,
    run: async () => (await actions()).runTeacherMeetingLink,
  });
  defineCommand(teacher, 'list', {
    description: 'the teachers, their weekly slots and upcoming booked lessons',
    ...teacherListInput,
    run: async () => (await actions()).runTeacherList,
  });
};
