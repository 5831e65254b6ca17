import {
  DEFAULT_PRACTICE_TIME,
  PRACTICE_TIME,
  SKILL_DISPLAY_NAMES,
  type ScheduleRequestBody,
  type SkillPreferenceEntry,
} from '@stickwork/domain';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../components/button/button';
import { FieldErrors } from '../../components/form/field-errors';
import { validatePracticeRequest, type PracticeRequestErrors } from './practice-request-form';

interface CustomizePracticeCardProps {
  /** The customer's chosen skills (GET /api/focus); null while loading. */
  skillPreference: SkillPreferenceEntry[] | null;
  requesting: boolean;
  onRequest: (body: ScheduleRequestBody) => void;
}

const noErrors: PracticeRequestErrors = { skills: [], minutes: [] };

/** Skill chips, minutes and the instrument: the session the customer asks for. */
export const CustomizePracticeCard = ({
  skillPreference,
  requesting,
  onRequest,
}: CustomizePracticeCardProps) => {
  const [chosen, setChosen] = useState<string[]>([]);
  const [minutes, setMinutes] = useState(String(DEFAULT_PRACTICE_TIME));
  const [errors, setErrors] = useState<PracticeRequestErrors>(noErrors);
  const skillsLabelId = useId();
  const skillErrorsId = useId();
  const minutesId = useId();
  const minutesErrorsId = useId();

  const toggle = (focus: string) =>
    setChosen((current) =>
      current.includes(focus) ? current.filter((f) => f !== focus) : [...current, focus],
    );

  const submit = (padSufficient: boolean) => {
    const entries = (skillPreference ?? []).filter((entry) => chosen.includes(entry.focus));
    const result = validatePracticeRequest(entries, minutes, padSufficient);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors(noErrors);
    onRequest(result.body);
  };

  return (
    <article className="practice-card">
      <h3 className="practice-card__title">Customize your practice</h3>
      <div
        role="group"
        aria-labelledby={skillsLabelId}
        aria-describedby={errors.skills.length ? skillErrorsId : undefined}
      >
        <p id={skillsLabelId} className="field__label">
          Skills
        </p>
        {skillPreference === null ? (
          <p className="practice-muted">Loading your skills…</p>
        ) : skillPreference.length === 0 ? (
          <p className="practice-muted">
            You have not chosen any skills yet. <Link to="/update-skills">Choose your skills</Link>
          </p>
        ) : (
          <ul className="skill-chips">
            {skillPreference.map((entry) => (
              <li key={entry.focus}>
                <button
                  type="button"
                  className="skill-chip"
                  aria-pressed={chosen.includes(entry.focus)}
                  onClick={() => toggle(entry.focus)}
                >
                  {SKILL_DISPLAY_NAMES[entry.focus]}
                </button>
              </li>
            ))}
          </ul>
        )}
        <FieldErrors id={skillErrorsId} messages={errors.skills} />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={minutesId}>
          Minutes
        </label>
        <input
          id={minutesId}
          className="field__input practice-minutes"
          type="number"
          inputMode="numeric"
          min={PRACTICE_TIME.inputMin}
          max={PRACTICE_TIME.max}
          step={PRACTICE_TIME.inputStep}
          value={minutes}
          onChange={(event) => setMinutes(event.target.value)}
          aria-invalid={errors.minutes.length > 0 ? true : undefined}
          aria-describedby={errors.minutes.length > 0 ? minutesErrorsId : undefined}
        />
        <FieldErrors id={minutesErrorsId} messages={errors.minutes} />
      </div>
      <div className="practice-card__actions">
        <Button disabled={requesting} onClick={() => submit(false)}>
          Drum Kit
        </Button>
        <Button variant="secondary" disabled={requesting} onClick={() => submit(true)}>
          Drum Pad
        </Button>
      </div>
    </article>
  );
};
