import { useEffect, useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { useDispatch } from 'react-redux';
import { fromPromise } from 'xstate';
import { levelUpMachine, SKILL_DISPLAY_NAMES, type RaiseLevelInput } from '@stickwork/domain';
import { postLevelUp, type SkillGauge } from './progress-api';
import { skillLeveledUp } from './progress-slice';
import { ProgressGauge } from './progress-gauge';

/**
 * A skill gauge that offers the level up of product-spec §4: only when offered it is a button with
 * the 'Level Up' tooltip and a blinking highlight; a click raises the level through levelUpMachine,
 * and the raised level makes the page read its progress again.
 */
export const LevelUpGauge = ({ gauge }: { gauge: SkillGauge }) => {
  const dispatch = useDispatch();
  const machine = useMemo(
    () =>
      levelUpMachine.provide({
        actors: {
          raiseLevel: fromPromise<unknown, RaiseLevelInput>(({ input }) => postLevelUp(input.skill)),
        },
        actions: {
          levelRaised: (_, raised: RaiseLevelInput) => {
            dispatch(skillLeveledUp(raised.skill));
          },
          reportLevelUpFailure: (_, failure: { error: unknown }) => {
            console.error('Level up failed.', failure.error);
          },
        },
      }),
    [dispatch],
  );
  const [snapshot, send] = useMachine(machine, {
    input: { skill: gauge.skillName, level: gauge.skillLevel, levelProgress: gauge.levelProgress },
  });

  useEffect(() => {
    send({ type: 'progress.synced', level: gauge.skillLevel, levelProgress: gauge.levelProgress });
  }, [send, gauge.skillLevel, gauge.levelProgress]);

  const gaugeView = (
    <ProgressGauge
      skillName={gauge.skillName}
      skillLevel={gauge.skillLevel}
      levelProgress={gauge.levelProgress}
    />
  );
  if (!gauge.levelUpOffered) return <div className="level-up-gauge">{gaugeView}</div>;
  return (
    <button
      type="button"
      className="level-up-gauge level-up-gauge--offered"
      title="Level Up"
      aria-label={`Level Up ${SKILL_DISPLAY_NAMES[gauge.skillName]}`}
      disabled={snapshot.matches('raising')}
      onClick={() => send({ type: 'level.raise' })}
    >
      {gaugeView}
    </button>
  );
};
