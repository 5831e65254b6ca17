import { isSkill, SKILL_DISPLAY_NAMES } from '@stickwork/domain';
import { Link } from 'react-router-dom';
import { Button } from '../../components/button/button';
import { Modal } from '../../components/modal/modal';
import type { LessonProgressResponse } from './practice-api';
import { nextPracticeStep, practiceTimeText } from './practice-report-text';
import type { PracticeReport, PracticeState } from './practice-slice';

interface PracticeReportModalProps {
  report: PracticeReport | null;
  progress: LessonProgressResponse | null;
  /** The figures are shown only once they include the session's last evaluation. */
  progressStatus: PracticeState['progressStatus'];
  onClose: () => void;
}

/**
 * Opens when a session ends: what was practised (warm-ups apart from lessons, the time from the
 * stopwatch's seconds), where each practised skill stands now, and a suggested next step.
 */
export const PracticeReportModal = ({
  report,
  progress,
  progressStatus,
  onClose,
}: PracticeReportModalProps) => {
  const skills = (report?.practisedSkills ?? []).filter(isSkill);
  const current = progressStatus === 'current' ? progress : null;
  const entries = skills.flatMap(
    (skill) => current?.progress.filter((entry) => entry.skillName === skill) ?? [],
  );
  const next = current ? nextPracticeStep(current.progress, skills) : null;
  return (
    <Modal
      open={report !== null}
      title="Your practice report"
      onClose={onClose}
      footer={<Button onClick={onClose}>Close</Button>}
    >
      <dl className="practice-report__totals">
        <div>
          <dt>Lessons done</dt>
          <dd>{report?.lessonsPractised ?? 0}</dd>
        </div>
        <div>
          <dt>Warm-ups</dt>
          <dd>{report?.warmUpsDone ?? 0}</dd>
        </div>
        <div>
          <dt>Time practised</dt>
          <dd>{practiceTimeText(report?.secondsPractised ?? 0)}</dd>
        </div>
      </dl>
      {(report?.unearned ?? []).length > 0 ? (
        <section aria-labelledby="practice-report-unearned">
          <h3 id="practice-report-unearned" className="practice-report__heading">
            Earned nothing
          </h3>
          <p>Evaluated before real practice, so they moved no progress and no practice minutes:</p>
          <ul>
            {(report?.unearned ?? []).map((lesson, index) => (
              <li key={`${lesson.lessonId}-${index}`}>
                {lesson.name} (after {practiceTimeText(lesson.practisedSeconds)})
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {(report?.takes ?? []).length > 0 ? (
        <section aria-labelledby="practice-report-takes">
          <h3 id="practice-report-takes" className="practice-report__heading">
            Takes
          </h3>
          <ul>
            {(report?.takes ?? []).map((take, index) => (
              <li key={index}>
                {take.accuracy}% at {take.bpm} bpm
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {skills.length > 0 && progressStatus !== 'current' ? (
        <>
          <h3 className="practice-report__heading">Your progress</h3>
          <p role="status">
            {progressStatus === 'refreshing' ? (
              'Reading your progress…'
            ) : (
              <>
                Your progress could not be read just now: <Link to="/stats-and-progress">Stats</Link> shows
                it.
              </>
            )}
          </p>
        </>
      ) : null}
      {entries.length > 0 ? (
        <>
          <h3 className="practice-report__heading">Your progress</h3>
          <ul className="practice-report__skills">
            {entries.map((entry) => (
              <li key={entry.skillName}>
                <span>{SKILL_DISPLAY_NAMES[entry.skillName]}</span>
                <progress
                  max={100}
                  value={entry.levelProgress}
                  aria-label={`${SKILL_DISPLAY_NAMES[entry.skillName]} progress`}
                />
                <span>{entry.levelProgress}%</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {next ? (
        <section className="practice-report__next" aria-labelledby="practice-report-next">
          <h3 id="practice-report-next" className="practice-report__heading">
            Your next step
          </h3>
          <p>
            {next.text}{' '}
            {next.link ? (
              <Link to={next.link.to} onClick={onClose}>
                {next.link.label}
              </Link>
            ) : null}
          </p>
        </section>
      ) : null}
    </Modal>
  );
};
