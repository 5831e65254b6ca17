import {
  DEFAULT_PRACTICE_TIME,
  KIT_ONLY_SKILLS,
  PRACTICE_TIME,
  SKILL_DISPLAY_NAMES,
  type ScheduleRequestBody,
  type SkillPreferenceEntry,
} from '@stickwork/domain';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../components/button/button';
import { FieldErrors } from '../../components/form/field-errors';
import { LockIcon } from '../../components/icons/icons';
import type { SessionLimits } from './practice-plan';
import { validatePracticeRequest, type PracticeRequestErrors } from './practice-request-form';

interface CustomizePracticeCardProps {
  /** The customer's chosen skills (GET /api/focus); null while loading. */
  skillPreference: SkillPreferenceEntry[] | null;
  /** What the plan allows in one session, shown before the click (the server checks it again). */
  limits: SessionLimits;
  requesting: boolean;
  onRequest: (body: ScheduleRequestBody) => void;
}

const noErrors: PracticeRequestErrors = { skills: [], minutes: [] };

/** Skill chips, minutes and the instrument: the session the customer asks for. */
export const CustomizePracticeCard = ({
  skillPreference,
  limits,
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
  const skillLimitId = useId();
  const padReasonId = useId();

  // The plan's limits, said before the click: further chips lock at the skill limit, and Drum Pad
  // waits for a plan that has it or for the kit-only skills to be left out.
  const skillsFull = limits.maxSkills !== null && chosen.length >= limits.maxSkills;
  const kitOnly = KIT_ONLY_SKILLS.filter((skill) => chosen.includes(skill));
  const padReason = !limits.drumPadMode
    ? 'Drum Pad mode comes with Premium and Exclusive, and with the 14-day free trial.'
    : kitOnly.length > 0
      ? `There are no Drum Pad lessons for ${kitOnly.map((skill) => SKILL_DISPLAY_NAMES[skill]).join(' and ')} yet.`
      : null;

  const toggle = (focus: string) =>
    setChosen((current) =>
      current.includes(focus)
        ? current.filter((f) => f !== focus)
        : skillsFull
          ? current
          : [...current, focus],
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
            {skillPreference.map((entry) => {
              const locked = skillsFull && !chosen.includes(entry.focus);
              return (
                <li key={entry.focus}>
                  <button
                    type="button"
                    className="skill-chip"
                    aria-pressed={chosen.includes(entry.focus)}
                    aria-disabled={locked ? true : undefined}
                    aria-describedby={locked ? skillLimitId : undefined}
                    onClick={() => toggle(entry.focus)}
                  >
                    {locked ? <LockIcon size={14} className="skill-chip__lock" /> : null}
                    {SKILL_DISPLAY_NAMES[entry.focus]}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        {limits.maxSkills !== null && skillPreference && skillPreference.length > limits.maxSkills ? (
          <p id={skillLimitId} className="practice-limit">
            Your plan combines up to {limits.maxSkills} skills in a session.{' '}
            <Link to="/pricing">Upgrade for every skill at once</Link>
          </p>
        ) : null}
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
        <Button
          variant="secondary"
          disabled={requesting}
          aria-disabled={padReason ? true : undefined}
          aria-describedby={padReason ? padReasonId : undefined}
          onClick={() => {
            if (!padReason) submit(true);
          }}
        >
          Drum Pad
        </Button>
      </div>
      {padReason ? (
        <p id={padReasonId} className="practice-limit">
          {padReason} {limits.drumPadMode ? null : <Link to="/pricing">See the plans</Link>}
        </p>
      ) : null}
    </article>
  );
};
