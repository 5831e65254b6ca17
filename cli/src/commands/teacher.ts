import type { Command } from 'commander';
import { lazy } from '../lazy.js';

const actions = () => import('../actions/teacher.js');

/** `stickwork teacher add|availability|list`: the teachers of the exclusive tier's lessons (issue 17). */
export const registerTeacherCommands = (program: Command) => {
  const teacher = program
    .command('teacher')
    .description("manage the teachers of the exclusive tier's online lessons and their weekly availability");

  teacher
    .command('add')
    .description('add a teacher (their lessons are offered in their own time zone)')
    .argument('<teacherId>', 'a short id, e.g. tina (letters, digits and dashes)')
    .requiredOption('--name <name>', "the teacher's name, shown to customers")
    .requiredOption('--email <email>', 'where booking and cancellation mails go')
    .requiredOption('--tz <zone>', "the teacher's IANA time zone, e.g. Europe/Berlin")
    .option('--operator <name>', 'who is doing this, recorded with the events (default: $USER)')
    .option('--json', 'print JSON for scripts')
    .action(lazy(async () => (await actions()).runTeacherAdd));

  teacher
    .command('availability')
    .description("set a teacher's weekly 45-minute slots (replaces the previous ones; booked lessons stay)")
    .argument('<teacherId>', 'the teacher')
    .argument('<slots...>', "weekday@HH:mm in the teacher's zone, e.g. tue@17:00 thu@09:30")
    .option('--operator <name>', 'who is doing this, recorded with the events (default: $USER)')
    .option('--json', 'print JSON for scripts')
    .action(lazy(async () => (await actions()).runTeacherAvailability));

  teacher
    .command('list')
    .description('the teachers, their weekly slots and upcoming booked lessons')
    .option('--json', 'print JSON for scripts')
    .action(lazy(async () => (await actions()).runTeacherList));
};
