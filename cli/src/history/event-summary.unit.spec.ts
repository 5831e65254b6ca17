import { describe, expect, it } from 'vitest';
import { getCatalogue } from '@stickwork/domain';
import { formatInZone, summarizeEvent, withoutSecrets } from './event-summary.js';

const metadata = { schemaVersion: 1, time: '2026-05-04T18:00:00.000Z' };

describe('event summaries', () => {
  it('count in words: one lesson, one warm-up', () => {
    const warmUp = getCatalogue().find((exercise) => exercise.type === 'warm_up')!;
    const exercise = getCatalogue().find((candidate) => candidate.type === 'exercise')!;
    expect(
      summarizeEvent({
        type: 'PracticeSessionScheduled',
        data: {
          lessonIds: [warmUp.lesson_id, exercise.lesson_id],
          skills: [{ focus: exercise.focus, level: 'beginner' }],
          targetPracticeTime: 15,
        },
        metadata,
      }),
    ).toMatch(/^2 lessons \(1 warm-up\), 15 min: /);
    expect(summarizeEvent({ type: 'UsageReset', data: { day: '2026-05-04', lessons: 1 }, metadata })).toBe(
      '2026-05-04 reset to 0 (had 1 lesson)',
    );
    expect(
      summarizeEvent({
        type: 'PracticeActivityRecorded',
        data: { day: '2026-05-04', lessons: 1, minutes: 5 },
        metadata,
      }),
    ).toBe('2026-05-04: 1 lesson, 5 min');
  });

  it('name the lesson, its focus and the rating of an evaluation', () => {
    const lesson = getCatalogue().find((exercise) => exercise.focus === 'hand_technique')!;
    const data = {
      lessonId: lesson.lesson_id,
      focus: 'hand_technique',
      ratingDifficulty: 'easy',
      skipped: false,
      progressAfter: 35,
    };
    expect(summarizeEvent({ type: 'LessonEvaluated', data, metadata })).toBe(
      `${lesson.name} (hand_technique) rated easy, progress 35%`,
    );
  });

  it('read a scored take: lesson, accuracy, tempo, input, counts and where the time sits', () => {
    const lesson = getCatalogue().find((exercise) => exercise.focus === 'timing')!;
    const data = {
      lessonId: lesson.lesson_id,
      input: 'midi',
      bpm: 96,
      expected: 32,
      hits: 30,
      missed: 2,
      extra: 1,
      meanOffsetMs: -8.4,
      spreadMs: 6.6,
      accuracy: 86.5,
      focus: 'timing',
      scoredAt: metadata.time,
      day: '2026-05-04',
    };
    expect(summarizeEvent({ type: 'TimingScored', data, metadata })).toBe(
      `${lesson.name} (timing) timing 87 % at 96 bpm on midi: 30 of 32 hit, 2 missed, 1 extra, 8 ms early ±7 ms`,
    ); // A take of a play, with its figures per position.
    const played = {
      ...data,
      playId: '3f2c1b7e-0000-4000-8000-000000000000',
      byPosition: [
        { voice: 'snare', position: '1', strokes: 20, meanOffsetMs: -8, spreadMs: 7 },
        { voice: 'bass_drum', position: '&', strokes: 10, meanOffsetMs: -8, spreadMs: 7 },
      ],
    };
    expect(summarizeEvent({ type: 'TimingScored', data: played, metadata })).toBe(
      `${lesson.name} (timing) timing 87 % at 96 bpm on midi: 30 of 32 hit, 2 missed, 1 extra, 8 ms early ±7 ms, 2 voice-positions [play 3f2c1b7e]`,
    );
  });

  it('never show a password hash, and name the operator', () => {
    const registered = {
      type: 'CustomerRegistered',
      data: {
        firstname: 'Ann',
        lastname: 'Lee',
        email: 'ann@example.com',
        country: 'DE',
        passwordHash: '$argon2id$v=19$secret',
        newsletterSubscription: true,
      },
      metadata: { ...metadata, operator: 'alice' },
    };
    expect(summarizeEvent(registered)).toBe('Ann Lee <ann@example.com> from DE, newsletter [by alice]');
    expect(JSON.stringify(withoutSecrets(registered.data))).not.toContain('argon2');
    expect(
      summarizeEvent({
        type: 'PasswordChanged',
        data: { passwordHash: '$argon2id$x', changedAt: metadata.time },
        metadata,
      }),
    ).toBe('password changed');
    expect(summarizeEvent({ type: 'SomethingNew', data: { passwordHash: 'h', a: 1 }, metadata })).toBe('a=1');
  });

  it('show times in the zone asked for', () => {
    expect(formatInZone('2026-05-04T23:30:00.000Z', 'Europe/Berlin')).toBe('2026-05-05 01:30:00');
    expect(formatInZone('2026-05-04T23:30:00.000Z', 'UTC')).toBe('2026-05-04 23:30:00');
  });
});
