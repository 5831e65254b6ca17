import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import {
  accuracyLabel,
  SKILL_DISPLAY_NAMES,
  timingTrends,
  type LessonFocus,
  type TimingTrendPoint,
} from '@stickwork/domain';
import { ButtonLink } from '../../components/button/button';
import { formatDay } from './lesson-history-format';
import { lessonHistoryOpened, selectLessonHistory } from './lesson-history-slice';
import './lesson-history.css';

/** One skill's accuracy over time (each lesson played with the coach is a point), as the radar chart draws. */
const TrendChart = ({ focus, points }: { focus: LessonFocus; points: TimingTrendPoint[] }) => {
  const data = points.map((point, index) => ({ index, day: formatDay(point.day), accuracy: point.accuracy }));
  const first = points[0]!;
  const last = points[points.length - 1]!;
  return (
    <li className="card timing-trend" data-testid="timing-trend">
      <h3 className="timing-trend__skill">{SKILL_DISPLAY_NAMES[focus]}</h3>
      <figure className="timing-trend__figure">
        <div className="timing-trend__chart" aria-hidden="true">
          <ResponsiveContainer width="100%" height="100%">
            <LineChart
              data={data}
              margin={{ top: 8, right: 12, bottom: 4, left: -16 }}
              accessibilityLayer={false}
            >
              <CartesianGrid stroke="var(--color-border)" strokeDasharray="3 3" />
              <XAxis dataKey="day" tick={{ fontSize: 11, fill: 'var(--color-text-muted)' }} minTickGap={16} />
              <YAxis
                domain={[0, 100]}
                ticks={[0, 50, 100]}
                tick={{ fontSize: 11, fill: 'var(--color-text-muted)' }}
              />
              <Line
                type="monotone"
                dataKey="accuracy"
                stroke="var(--color-brass-500)"
                strokeWidth={2}
                dot={{ r: 3 }}
                isAnimationActive={false}
              />
            </LineChart>
          </ResponsiveContainer>
        </div>
        <figcaption className="timing-trend__caption">
          {points.length === 1
            ? `${accuracyLabel(first.accuracy)} on ${formatDay(first.day)}`
            : `${accuracyLabel(first.accuracy)} on ${formatDay(first.day)} to ${accuracyLabel(last.accuracy)} on ${formatDay(last.day)}, ${points.length} lessons`}
        </figcaption>
      </figure>
    </li>
  );
};

/**
 * On the stats page: the way to the lesson history, and the timing accuracy over time per skill (only
 * skills with takes the timing coach scored; nothing at all without any).
 */
export const TimingTrends = () => {
  const dispatch = useDispatch();
  const { rows, skill } = useSelector(selectLessonHistory);

  useEffect(() => {
    dispatch(lessonHistoryOpened({ skill: null }));
  }, [dispatch]);

  const trends = rows !== null && skill === null ? timingTrends(rows) : {};
  const skills = Object.keys(trends) as LessonFocus[];
  return (
    <section className="stack timing-trends" aria-labelledby="timing-trends-title">
      <div className="timing-trends__head">
        <h2 id="timing-trends-title">{skills.length > 0 ? 'Timing trend' : 'Lesson history'}</h2>
        <ButtonLink to="/lesson-history" variant="secondary" size="sm">
          See your lesson history
        </ButtonLink>
      </div>
      {skills.length > 0 ? (
        <>
          <p className="timing-trends__lead">
            Your timing accuracy per skill, from the takes the timing coach scored.
          </p>
          <ul className="timing-trends__list">
            {skills.map((focus) => (
              <TrendChart key={focus} focus={focus} points={trends[focus] ?? []} />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
};
