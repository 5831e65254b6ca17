import { Button } from '../../components/button/button';
import { lessonsLeftIn, type StoredSchedule } from './stored-schedule';

export const ResumePracticeCard = ({
  schedule,
  onResume,
}: {
  schedule: StoredSchedule;
  onResume: () => void;
}) => {
  const left = lessonsLeftIn(schedule);
  return (
    <article className="practice-card">
      <h3 className="practice-card__title">Resume Practice</h3>
      <p>You have {left} lessons left.</p>
      <div className="practice-card__actions">
        <Button onClick={onResume}>Resume</Button>
      </div>
    </article>
  );
};
