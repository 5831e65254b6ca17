import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, initialTransition, transition, waitFor } from 'xstate';
import type { RaiseLevelInput, LevelUpInput } from './level-up-machine.js';
import { isLevelUpAvailable, isSkillUpdateEnabled, levelUpMachine } from './level-up-machine.js';

const raise = { type: 'level.raise' } as const;
const offered: LevelUpInput = { skill: 'timing', level: 'beginner', levelProgress: 80 };

describe('level up', () => {
  describe('When is it offered', () => {
    it('is offered at 80 progress or more, below absolute_pro, never for the beginner course', () => {
      expect(isLevelUpAvailable(offered)).toBe(true);
      expect(isLevelUpAvailable({ ...offered, levelProgress: 100 })).toBe(true);
      expect(isLevelUpAvailable({ ...offered, level: 'pro' })).toBe(true);
      expect(isLevelUpAvailable({ ...offered, levelProgress: 79 })).toBe(false);
      expect(isLevelUpAvailable({ ...offered, level: 'absolute_pro' })).toBe(false);
      expect(isLevelUpAvailable({ skill: 'beginner_course', level: 'starter', levelProgress: 100 })).toBe(
        false,
      );
    });

    it('refuses the click when not offered', () => {
      const [snapshot] = initialTransition(levelUpMachine, { ...offered, levelProgress: 50 });
      expect(snapshot.can(raise)).toBe(false);
      expect(transition(levelUpMachine, snapshot, raise)[0].value).toBe('idle');
    });

    it('follows the progress store', () => {
      const [start] = initialTransition(levelUpMachine, { ...offered, levelProgress: 50 });
      const [synced] = transition(levelUpMachine, start, {
        type: 'progress.synced',
        level: 'beginner',
        levelProgress: 85,
      });
      expect(synced.can(raise)).toBe(true);
    });
  });

  describe('When the level is raised', () => {
    it('asks the provided actor to raise by exactly one level, then starts the new level from 0', async () => {
      const requests: RaiseLevelInput[] = [];
      const levelRaised = vi.fn();
      const actor = createActor(
        levelUpMachine.provide({
          actors: { raiseLevel: fromPromise(async ({ input }) => void requests.push(input)) },
          actions: { levelRaised: (_, raised) => levelRaised(raised) },
        }),
        { input: offered },
      ).start();
      actor.send(raise);
      expect(actor.getSnapshot().value).toBe('raising');
      const done = await waitFor(actor, (s) => s.matches('idle'));

      expect(requests).toEqual([{ skill: 'timing', from: 'beginner', to: 'advanced_beginner' }]);
      expect(levelRaised).toHaveBeenCalledWith({
        skill: 'timing',
        from: 'beginner',
        to: 'advanced_beginner',
      });
      expect(done.context).toMatchObject({ level: 'advanced_beginner', levelProgress: 0 });
      expect(done.can(raise)).toBe(false);
    });

    it('keeps the level and reports the failure when the request fails', async () => {
      const failures: unknown[] = [];
      const actor = createActor(
        levelUpMachine.provide({
          actors: {
            raiseLevel: fromPromise<unknown, RaiseLevelInput>(() => Promise.reject(new Error('offline'))),
          },
          actions: { reportLevelUpFailure: (_, { error }) => failures.push(error) },
        }),
        { input: offered },
      ).start();
      actor.send(raise);
      const done = await waitFor(actor, (s) => s.matches('idle'));
      expect(done.context).toMatchObject({ level: 'beginner', levelProgress: 80 });
      expect(failures).toEqual([new Error('offline')]);
    });
  });

  describe('Update button', () => {
    it('is enabled only for a selected skill whose chosen level differs from the current one', () => {
      expect(isSkillUpdateEnabled({ selected: true, currentLevel: 'beginner', chosenLevel: 'pro' })).toBe(
        true,
      );
      expect(
        isSkillUpdateEnabled({ selected: true, currentLevel: 'beginner', chosenLevel: 'beginner' }),
      ).toBe(false);
      expect(isSkillUpdateEnabled({ selected: false, currentLevel: 'beginner', chosenLevel: 'pro' })).toBe(
        false,
      );
    });
  });
});
