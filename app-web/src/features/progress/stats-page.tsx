import { useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { SKILL_DISPLAY_NAMES } from '@stickwork/domain';
import { FormMessage } from '../../components/form/form-message';
import { selectFirstName } from '../../lib/session/session-slice';
import { ActivityCalendar } from './activity-calendar';
import { LevelNotice, ReadyMark } from './level-notice';
import { LevelUpGauge } from './level-up-gauge';
import { selectProgress, statsPageOpened } from './progress-slice';
import { SkillsRadarChart } from './skills-radar-chart';
import { WeeklyGoalPanel } from './weekly-goal-panel';
import { selectWeeklyGoal } from './weekly-goal-slice';
import './progress.css';

/** /stats-and-progress: overview (radar or calendar), then a gauge per skill (product-spec §2). */
export const StatsPage = () => {
  const dispatch = useDispatch();
  const { load, report, notice } = useSelector(selectProgress);
  const firstName = useSelector(selectFirstName);
  const goal = useSelector(selectWeeklyGoal);
  const [view, setView] = useState<'chart' | 'calendar'>('chart');

  useEffect(() => {
    dispatch(statsPageOpened());
  }, [dispatch]);

  if (!report) {
    return load === 'failed' ? (
      <FormMessage tone="error">Your progress could not be loaded. Please try again later.</FormMessage>
    ) : (
      <p role="status">Loading your progress…</p>
    );
  }

  const { stats } = report;
  return (
    <div className="stack">
      <section className="card stats-overview" aria-labelledby="stats-overview-title">
        <div className="stats-overview__head">
          <div>
            <h2 id="stats-overview-title" className="stats-overview__name">
              {firstName ?? 'Your stats'}
            </h2>
            <p className="stats-overview__title">{report.overallLevelTitle}</p>
          </div>
          <div className="view-toggle" role="group" aria-label="Overview view">
            <button type="button" aria-pressed={view === 'chart'} onClick={() => setView('chart')}>
              Chart
            </button>
            <button type="button" aria-pressed={view === 'calendar'} onClick={() => setView('calendar')}>
              Calendar
            </button>
          </div>
        </div>
        <dl className="stats-numbers">
          <div>
            <dt>Hours</dt>
            <dd data-testid="stat-hours">{stats.hours}</dd>
          </div>
          <div>
            <dt>Lessons</dt>
            <dd data-testid="stat-lessons">{stats.lessons}</dd>
          </div>
          <div>
            <dt>Max streak (days)</dt>
            <dd data-testid="stat-streak">{stats.longestStreak}</dd>
          </div>
        </dl>
        {view === 'chart' ? (
          <SkillsRadarChart chart={report.chart} />
        ) : (
          <ActivityCalendar days={report.heatmap.days} frozenDays={goal.view?.streak.frozenDays} />
        )}
      </section>
      <WeeklyGoalPanel />
      <section aria-labelledby="gauges-title">
        <h2 id="gauges-title">Progress per skill</h2>
        <LevelNotice notice={notice} />
        <ul className="gauge-list">
          {report.progress.map((gauge) => (
            <li
              key={gauge.skillName}
              className="card gauge-card"
              data-ready={gauge.levelUpOffered ? 'true' : undefined}
            >
              <LevelUpGauge gauge={gauge} />
              <div>
                <h3 className="gauge-card__name">
                  {SKILL_DISPLAY_NAMES[gauge.skillName]}
                  {gauge.levelUpOffered ? <ReadyMark /> : null}
                </h3>
                <p className="gauge-card__hint">{gauge.hint}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
};
