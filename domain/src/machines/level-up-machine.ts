import { assign, fromPromise, setup } from 'xstate';
import type { Level } from '../rules/levels.js';
import { levelAt, levelIndex } from '../rules/levels.js';
import type { Skill } from '../rules/skills.js';
import { canLevelUp } from '../progress/level-progress.js';

/**
 * Level up on a skill gauge (product-spec §4 "Level up"): offered at 80+ progress below absolute_pro and
 * never for the beginner course; one click raises the level by one through the app's request.
 */

export interface LevelUpInput {
  skill: Skill;
  level: Level;
  /** Percentage 0-100 through the current level. */
  levelProgress: number;
}

export type LevelUpContext = LevelUpInput;

export interface RaiseLevelInput {
  skill: Skill;
  from: Level;
  to: Level;
}

export type LevelUpEvent =
  | { type: 'level.raise' }
  /** The progress store has newer values (after a refresh or a skill update). */
  | { type: 'progress.synced'; level: Level; levelProgress: number };

/** Whether the gauge is clickable with the 'Level Up' tooltip. */
export const isLevelUpAvailable = (context: LevelUpContext): boolean =>
  canLevelUp(context.skill, { level: context.level, progress: context.levelProgress });

/**
 * The Update button of the skill screen: enabled only for a selected skill whose slider level differs
 * from its current level (product-spec §4 "Level up").
 */
export const isSkillUpdateEnabled = (skill: {
  selected: boolean;
  currentLevel: Level;
  chosenLevel: Level;
}): boolean => skill.selected && skill.chosenLevel !== skill.currentLevel;

const raiseOf = (context: LevelUpContext): RaiseLevelInput => ({
  skill: context.skill,
  from: context.level,
  to: levelAt(levelIndex(context.level) + 1),
});

export const levelUpMachine = setup({
  types: {
    context: {} as LevelUpContext,
    events: {} as LevelUpEvent,
    input: {} as LevelUpInput,
  },
  actors: {
    /** The app's level-up request; it must be provided, so the default refuses. */
    raiseLevel: fromPromise<unknown, RaiseLevelInput>(async () => {
      throw new Error('raiseLevel is not provided');
    }),
  },
  actions: {
    /** Lets the app refresh its progress store. */
    levelRaised: (_, _raised: RaiseLevelInput) => {},
    /** Level-up failures are only logged (product-spec §8). */
    reportLevelUpFailure: (_, _failure: { error: unknown }) => {},
  },
  guards: {
    levelUpOffered: ({ context }) => isLevelUpAvailable(context),
  },
}).createMachine({
  id: 'levelUp',
  context: ({ input }) => ({ ...input }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'level.raise': { guard: 'levelUpOffered', target: 'raising' },
        'progress.synced': {
          actions: assign(({ event }) => ({ level: event.level, levelProgress: event.levelProgress })),
        },
      },
    },
    raising: {
      invoke: {
        src: 'raiseLevel',
        input: ({ context }) => raiseOf(context),
        onDone: {
          target: 'idle',
          // A new level starts from 0 progress (DESIGN.md "Progress").
          actions: [
            { type: 'levelRaised', params: ({ context }) => raiseOf(context) },
            assign(({ context }) => ({ level: raiseOf(context).to, levelProgress: 0 })),
          ],
        },
        onError: {
          target: 'idle',
          actions: { type: 'reportLevelUpFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});
