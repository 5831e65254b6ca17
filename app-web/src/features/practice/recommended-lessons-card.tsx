import { DEFAULT_PRACTICE_TIME, TIME_PICKER_OPTIONS } from '@stickwork/domain';
import { useId, useState } from 'react';
import { Button } from '../../components/button/button';

/** Recommended lessons are not offered yet: the picker works, the buttons say so by being disabled. */
export const RecommendedLessonsCard = () => {
  const [minutes, setMinutes] = useState<number>(DEFAULT_PRACTICE_TIME);
  const pickerId = useId();
  const noteId = useId();
  return (
    <article className="practice-card">
      <h3 className="practice-card__title">
        Recommended lessons <span className="practice-badge">coming soon</span>
      </h3>
      <p id={noteId}>Lessons picked for you from your progress, for the time you have.</p>
      <div className="field">
        <label className="field__label" htmlFor={pickerId}>
          Practice time
        </label>
        <select
          id={pickerId}
          className="field__input field__select"
          value={minutes}
          onChange={(event) => setMinutes(Number(event.target.value))}
        >
          {TIME_PICKER_OPTIONS.map((option) => (
            <option key={option} value={option}>
              {option} minutes
            </option>
          ))}
        </select>
      </div>
      <div className="practice-card__actions">
        <Button disabled aria-describedby={noteId}>
          Drum Kit
        </Button>
        <Button variant="secondary" disabled aria-describedby={noteId}>
          Drum Pad
        </Button>
      </div>
    </article>
  );
};
