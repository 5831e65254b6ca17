import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../testing/run-cli.js';

let dataDir: string;
let env: Record<string, string>;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-cli-teacher-'));
  env = { DATA_DIR: dataDir, USER: 'teacher-operator' };
  const seeded = await runCli(['seed', '--customers', '1', '--days', '1', '--seed', '2', '--json'], env);
  expect(seeded.code, seeded.stderr).toBe(0);
}, 120_000);
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('stickwork teacher', () => {
  it('adds a teacher, sets the weekly slots and lists them', async () => {
    const added = await runCli(
      [
        'teacher',
        'add',
        'tina',
        '--name',
        'Tina Drums',
        '--email',
        'tina@example.com',
        '--tz',
        'Europe/Berlin',
        '--yes',
      ],
      env,
    );
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toBe('Teacher tina added (Tina Drums, Europe/Berlin).\n');
    const slots = await runCli(
      ['teacher', 'availability', 'tina', 'thu@09:30', 'tue@17:00', '2@17:00', '--yes'],
      env,
    );
    expect(slots.code, slots.stderr).toBe(0);
    expect(slots.stdout).toBe('tina: tue@17:00, thu@09:30\n');
    const listed = await runCli(['teacher', 'list', '--json'], env);
    expect(JSON.parse(listed.stdout)).toEqual([
      {
        teacherId: 'tina',
        name: 'Tina Drums',
        email: 'tina@example.com',
        timeZone: 'Europe/Berlin',
        meetingLink: null,
        slots: ['tue@17:00', 'thu@09:30'],
        upcoming: [],
      },
    ]);
    const table = await runCli(['teacher', 'list'], env);
    expect(table.stdout).toMatch(
      /^ID\s+NAME\s+EMAIL\s+ZONE\s+MEETING LINK\s+SLOTS\s+BOOKED\ntina\s+Tina Drums\s+tina@example.com\s+Europe\/Berlin\s+not set/,
    );
  });

  it('names what is wrong: a bad slot or zone (usage, exit 2), a second add, overlapping slots or an unknown teacher (exit 1)', async () => {
    const badSlot = await runCli(['teacher', 'availability', 'tina', 'tuesday 5pm'], env);
    expect(badSlot.code).toBe(2);
    expect(badSlot.stderr).toContain('invalid slot "tuesday 5pm": write weekday@HH:mm');
    const again = await runCli(
      [
        'teacher',
        'add',
        'tina',
        '--name',
        'T',
        '--email',
        'tina@example.com',
        '--tz',
        'Europe/Berlin',
        '--yes',
      ],
      env,
    );
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('Teacher tina exists already.');
    const zone = await runCli(
      ['teacher', 'add', 'max', '--name', 'Max', '--email', 'max@example.com', '--tz', 'Mars/Base', '--yes'],
      env,
    );
    // A wrong zone is a usage error, as it is for every command that takes --tz.
    expect(zone.code).toBe(2);
    expect(zone.stderr).toContain('Mars/Base is not a time zone');
    // A lesson lasts 45 minutes: slots closer than that overlap, also across Sunday night.
    for (const [slots, message] of [
      [['tue@17:00', 'tue@17:30'], 'Tuesday 17:00 and Tuesday 17:30 overlap: a lesson lasts 45 minutes.'],
      [['mon@00:00', 'sun@23:30'], 'Sunday 23:30 and Monday 00:00 overlap: a lesson lasts 45 minutes.'],
    ] as const) {
      const overlapping = await runCli(['teacher', 'availability', 'tina', ...slots, '--yes'], env);
      expect(overlapping.code).toBe(1);
      expect(overlapping.stderr).toBe(`stickwork: error: ${message}\n`);
    }
    const kept = await runCli(['teacher', 'list', '--json'], env);
    expect((JSON.parse(kept.stdout) as { slots: string[] }[])[0]!.slots).toEqual(['tue@17:00', 'thu@09:30']);
    const unknown = await runCli(['teacher', 'availability', 'nobody', 'mon@10:00', '--yes'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('There is no such teacher.');
  });

  it("sets where a teacher's lessons happen: an https link, normalised; anything else is refused with what it expects", async () => {
    const set = await runCli(
      ['teacher', 'meeting-link', 'tina', 'https://meet.example.com/tina drums', '--yes'],
      env,
    );
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toBe('tina: lessons happen at https://meet.example.com/tina%20drums\n');
    const listed = await runCli(['teacher', 'list', '--json'], env);
    expect((JSON.parse(listed.stdout) as { meetingLink: string }[])[0]!.meetingLink).toBe(
      'https://meet.example.com/tina%20drums',
    );
    // What participants cannot open (or should not: a plain http link) is a usage error, exit 2.
    for (const bad of ['http://meet.example.com/tina', 'meet.example.com/tina', 'javascript:alert(1)']) {
      const refused = await runCli(['teacher', 'meeting-link', 'tina', bad, '--yes'], env);
      expect(refused.code, bad).toBe(2);
      expect(refused.stderr).toContain(
        'invalid <url>: expected a web address that starts with https://, such as https://meet.example.com/tina',
      );
    }
    const missing = await runCli(['teacher', 'meeting-link', 'tina', '--yes'], env);
    expect(missing.code).toBe(2);
    const unknown = await runCli(
      ['teacher', 'meeting-link', 'nobody', 'https://meet.example.com/x', '--yes'],
      env,
    );
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('There is no such teacher.');
    // The refusals left the link as it was.
    const kept = await runCli(['teacher', 'list', '--json'], env);
    expect((JSON.parse(kept.stdout) as { meetingLink: string }[])[0]!.meetingLink).toBe(
      'https://meet.example.com/tina%20drums',
    );
  });
});
