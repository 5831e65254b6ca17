import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link, useSearchParams } from 'react-router-dom';
import {
  accuracyLabel,
  LESSON_FOCUSES,
  SKILL_DISPLAY_NAMES,
  type LessonFocus,
  type LessonHistoryRow,
} from '@stickwork/domain';
import { ButtonLink } from '../../components/button/button';
import { FormMessage } from '../../components/form/form-message';
import { SelectField } from '../../components/form/select-field';
import { useMediaQuery } from '../../lib/use-media-query';
import { formatDay, ratingLabel, timingLabel } from './lesson-history-format';
import { lessonHistoryOpened, selectLessonHistory } from './lesson-history-slice';
import './lesson-history.css';

const SKILL_OPTIONS = LESSON_FOCUSES.map((focus) => ({ value: focus, label: SKILL_DISPLAY_NAMES[focus] }));

const isLessonFocus = (value: string | null): value is LessonFocus =>
  value !== null && (LESSON_FOCUSES as readonly string[]).includes(value);

/** Tempo of the best take; a lesson played without the coach has none. */
const tempoOf = (row: LessonHistoryRow) => (row.best ? `${row.best.bpm} bpm` : '—');

const EmptyHistory = ({ skill }: { skill: LessonFocus | null }) => (
  <div className="card lesson-history__empty">
    <h2>{skill === null ? 'No lessons yet' : `No ${SKILL_DISPLAY_NAMES[skill]} lessons yet`}</h2>
    <p>
      Every lesson you evaluate in a practice session shows up here with your rating. Play along with the
      timing coach on an e-kit or a microphone, and your best accuracy and timing are kept too.
    </p>
    <ButtonLink to="/launch-overview">Start practising</ButtonLink>
  </div>
);

const HistoryTable = ({ rows }: { rows: LessonHistoryRow[] }) => (
  <div className="card lesson-history__table-card">
    <table className="lesson-history__table">
      <caption className="visually-hidden">Lessons played, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Day</th>
          <th scope="col">Lesson</th>
          <th scope="col">Skill</th>
          <th scope="col">Tempo</th>
          <th scope="col">Rating</th>
          <th scope="col">Best accuracy</th>
          <th scope="col">Timing</th>
          <th scope="col">Takes</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={`${row.lessonId}-${row.playedAt}`} data-testid="lesson-history-row">
            <td>{formatDay(row.day)}</td>
            <th scope="row">{row.name}</th>
            <td>{SKILL_DISPLAY_NAMES[row.focus]}</td>
            <td>{tempoOf(row)}</td>
            <td>{ratingLabel(row.rating, row.skipped)}</td>
            <td>{row.best ? accuracyLabel(row.best.accuracy) : '—'}</td>
            <td>{row.best ? timingLabel(row.best) : '—'}</td>
            <td>{row.takes}</td>
          </tr>
        ))}
      </tbody>
    </table>
  </div>
);

const HistoryList = ({ rows }: { rows: LessonHistoryRow[] }) => (
  <ol className="lesson-history__list" aria-label="Lessons played, newest first">
    {rows.map((row) => (
      <li
        key={`${row.lessonId}-${row.playedAt}`}
        className="card lesson-history__item"
        data-testid="lesson-history-row"
      >
        <h2 className="lesson-history__name">{row.name}</h2>
        <p className="lesson-history__meta">
          {formatDay(row.day)} · {SKILL_DISPLAY_NAMES[row.focus]}
        </p>
        <dl className="lesson-history__facts">
          <div>
            <dt>Rating</dt>
            <dd>{ratingLabel(row.rating, row.skipped)}</dd>
          </div>
          <div>
            <dt>Best accuracy</dt>
            <dd>{row.best ? accuracyLabel(row.best.accuracy) : '—'}</dd>
          </div>
          <div>
            <dt>Timing</dt>
            <dd>{row.best ? timingLabel(row.best) : '—'}</dd>
          </div>
          <div>
            <dt>Tempo</dt>
            <dd>{tempoOf(row)}</dd>
          </div>
          <div>
            <dt>Takes</dt>
            <dd>{row.takes}</dd>
          </div>
        </dl>
      </li>
    ))}
  </ol>
);

/** /lesson-history: the lessons played with rating and timing, newest first, filtered by skill. */
export const LessonHistoryPage = () => {
  const dispatch = useDispatch();
  const [params, setParams] = useSearchParams();
  const requested = params.get('skill');
  const skill = isLessonFocus(requested) ? requested : null;
  const { rows, load } = useSelector(selectLessonHistory);
  const wide = useMediaQuery('(min-width: 760px)');

  useEffect(() => {
    dispatch(lessonHistoryOpened({ skill }));
  }, [dispatch, skill]);

  const chooseSkill = (value: string) =>
    setParams(isLessonFocus(value) ? { skill: value } : {}, { replace: true });

  return (
    <div className="stack lesson-history">
      <div className="lesson-history__toolbar">
        <SelectField
          label="Skill"
          name="skill"
          value={skill ?? ''}
          onChange={chooseSkill}
          options={SKILL_OPTIONS}
          placeholder="All skills"
        />
        <Link to="/stats-and-progress" className="lesson-history__back">
          Back to your stats
        </Link>
      </div>
      {load === 'failed' ? (
        <FormMessage tone="error">
          Your lesson history could not be loaded. Please try again later.
        </FormMessage>
      ) : rows === null ? (
        <p role="status">Loading your lesson history…</p>
      ) : rows.length === 0 ? (
        <EmptyHistory skill={skill} />
      ) : wide ? (
        <HistoryTable rows={rows} />
      ) : (
        <HistoryList rows={rows} />
      )}
    </div>
  );
};
