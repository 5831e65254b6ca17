import { useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import {
  DEFAULT_WEEKLY_GOAL,
  MAX_FREEZES_HELD,
  MAX_WEEKLY_GOAL,
  MIN_WEEKLY_GOAL,
  PRACTICE_DAYS_PER_FREEZE,
} from '@stickwork/domain';
import { Button } from '../../components/button/button';
import { FormMessage } from '../../components/form/form-message';
import { selectWeeklyGoal, weeklyGoalChosen } from './weekly-goal-slice';
import './weekly-goal.css';

const GOALS = Array.from(
  { length: MAX_WEEKLY_GOAL - MIN_WEEKLY_GOAL + 1 },
  (_, index) => MIN_WEEKLY_GOAL + index,
);
const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;

/**
 * The stats page's weekly goal: the goal setter, this week's practice days toward it, the
 * weeks in a row that met their goal, and the streak with its freezes (rules in the README).
 */
export const WeeklyGoalPanel = () => {
  const dispatch = useDispatch();
  const { load, view, saving, notice } = useSelector(selectWeeklyGoal);
  const [chosen, setChosen] = useState<number | null>(null);

  if (!view) {
    return (
      <section className="card weekly-goal" aria-labelledby="weekly-goal-title">
        <h2 id="weekly-goal-title">Weekly goal</h2>
        {load === 'failed' ? (
          <FormMessage tone="error">
            Your weekly goal could not be loaded. Please try again later.
          </FormMessage>
        ) : (
          <p role="status">Loading your weekly goal…</p>
        )}
      </section>
    );
  }

  const { weeklyGoal: goal, streak } = view;
  const selected = chosen ?? goal.daysPerWeek;
  const left = Math.max(0, goal.daysPerWeek - goal.practiceDays);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(weeklyGoalChosen(selected));
  };

  return (
    <section className="card weekly-goal" aria-labelledby="weekly-goal-title">
      <h2 id="weekly-goal-title">Weekly goal</h2>
      <div className="weekly-goal__week">
        <p className="weekly-goal__count" data-testid="goal-progress">
          <strong>
            {goal.practiceDays} of {goal.daysPerWeek}
          </strong>{' '}
          practice days this week
        </p>
        <progress
          className="weekly-goal__bar"
          max={goal.daysPerWeek}
          value={Math.min(goal.practiceDays, goal.daysPerWeek)}
          aria-label={`This week: ${goal.practiceDays} of ${goal.daysPerWeek} practice days`}
        />
        <p className="weekly-goal__status" data-testid="goal-status">
          {goal.met ? 'Goal met this week. Well done!' : `${days(left)} to go by Sunday.`}
        </p>
      </div>
      <dl className="stats-numbers">
        <div>
          <dt>Weeks in a row met</dt>
          <dd data-testid="goal-weeks">{goal.weeksMetInARow}</dd>
        </div>
        <div>
          <dt>Current streak (days)</dt>
          <dd data-testid="streak-current">{streak.current}</dd>
        </div>
        <div>
          <dt>Streak freezes</dt>
          <dd data-testid="streak-freezes">
            {streak.freezesHeld} of {MAX_FREEZES_HELD}
          </dd>
        </div>
      </dl>
      <p className="weekly-goal__hint">
        Every {PRACTICE_DAYS_PER_FREEZE} practice days earn a streak freeze (you can hold {MAX_FREEZES_HELD}).
        A missed day uses one, so your streak goes on; frozen days show on the calendar.{' '}
        {streak.freezesHeld === MAX_FREEZES_HELD
          ? 'You hold as many freezes as you can.'
          : `${days(streak.practiceDaysToNextFreeze)} of practice to your next freeze.`}
      </p>
      <form className="weekly-goal__form" onSubmit={onSubmit}>
        <label htmlFor="weekly-goal-days">Practice days per week</label>
        <select
          id="weekly-goal-days"
          value={selected}
          onChange={(event) => setChosen(Number(event.target.value))}
        >
          {GOALS.map((count) => (
            <option key={count} value={count}>
              {days(count)}
              {count === DEFAULT_WEEKLY_GOAL ? ' (suggested)' : ''}
            </option>
          ))}
        </select>
        <Button type="submit" disabled={saving !== null}>
          {saving !== null ? 'Saving…' : 'Set goal'}
        </Button>
      </form>
      {notice ? <FormMessage tone={notice.tone}>{notice.text}</FormMessage> : null}
    </section>
  );
};
