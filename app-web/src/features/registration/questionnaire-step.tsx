import {
  CHART_SKILLS,
  QUESTIONNAIRE_QUESTIONS,
  questionnaireMachine,
  type QuestionnaireAnswer,
  type QuestionnaireOutput,
} from '@stickwork/domain';
import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/button/button';
import { ArrowLeftIcon, ArrowRightIcon } from '../../components/icons/icons';
import { Switch } from '../../components/switch/switch';
import { QUESTIONNAIRE_QUESTIONS_TEXT } from './questionnaire-questions';
import { SkillLevelSlider } from './skill-level-slider';

interface QuestionnaireStepProps {
  onCompleted: (output: QuestionnaireOutput) => void;
  /** Coming back from 'Personal Data' starts at the first question rather than the intro. */
  skipIntro?: boolean;
}

const ANSWERS: { value: QuestionnaireAnswer; label: string }[] = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

/** Registration step 1: domain's questionnaireMachine on screen (product-spec §2 and §4). */
export const QuestionnaireStep = ({ onCompleted, skipIntro = false }: QuestionnaireStepProps) => {
  const onCompletedRef = useRef(onCompleted);
  onCompletedRef.current = onCompleted;
  const [machine] = useState(() =>
    questionnaireMachine.provide({
      actions: { questionnaireCompleted: (_, output) => onCompletedRef.current(output) },
    }),
  );
  const [snapshot, send] = useMachine(machine);
  const { questionIndex, answers, levels, advancedSettingsOpen } = snapshot.context;
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (skipIntro) send({ type: 'questionnaire.start' });
  }, [skipIntro, send]);

  // Each new question is announced and starts at the top.
  useEffect(() => {
    if (snapshot.matches('quiz')) headingRef.current?.focus({ preventScroll: true });
  }, [questionIndex, snapshot]);

  if (snapshot.matches('intro')) {
    return (
      <section className="card questionnaire" aria-labelledby="questionnaire-intro-title">
        <span className="eyebrow">Step 1: Your drumming</span>
        <h2 id="questionnaire-intro-title">Let's get started</h2>
        <p>
          Answer up to {QUESTIONNAIRE_QUESTIONS} yes/no questions about your playing, and Stickwork sets your
          starting level in every skill. You can change each level later in your account.
        </p>
        <p className="questionnaire__estimate">Estimated time: 1-2 minutes</p>
        <Button size="lg" onClick={() => send({ type: 'questionnaire.start' })}>
          Start the questionnaire <ArrowRightIcon size={20} />
        </Button>
      </section>
    );
  }

  const current = QUESTIONNAIRE_QUESTIONS_TEXT[questionIndex] ?? QUESTIONNAIRE_QUESTIONS_TEXT[0];
  const answer = answers[questionIndex];
  const onLastQuestion = questionIndex === QUESTIONNAIRE_QUESTIONS - 1;
  const questionId = `question-${questionIndex}`;

  return (
    <section className="card questionnaire" aria-labelledby={questionId}>
      <p className="questionnaire__counter">
        Question {questionIndex + 1} of {QUESTIONNAIRE_QUESTIONS}
      </p>
      <div className="questionnaire__bar" aria-hidden="true">
        <span style={{ width: `${((questionIndex + (answer ? 1 : 0)) / QUESTIONNAIRE_QUESTIONS) * 100}%` }} />
      </div>
      <fieldset className="questionnaire__fieldset" aria-describedby={`${questionId}-hint`}>
        <legend className="questionnaire__legend">
          <h2 id={questionId} ref={headingRef} tabIndex={-1} className="questionnaire__question">
            {current.question}
          </h2>
        </legend>
        <p id={`${questionId}-hint`} className="questionnaire__hint">
          {current.hint}
        </p>
        <div className="questionnaire__answers">
          {ANSWERS.map((option) => (
            <label key={option.value} className="choice" data-checked={answer === option.value}>
              <input
                type="radio"
                name={questionId}
                value={option.value}
                checked={answer === option.value}
                onChange={() => send({ type: 'answer.chosen', answer: option.value })}
                className="choice__input"
              />
              <span className="choice__label">{option.label}</span>
            </label>
          ))}
        </div>
      </fieldset>

      {onLastQuestion && answer === 'yes' ? (
        <div className="questionnaire__advanced">
          <Switch
            label="Advanced settings: set each skill yourself"
            checked={advancedSettingsOpen}
            onChange={() => send({ type: 'advanced_settings.toggle' })}
          />
          {advancedSettingsOpen ? (
            <div className="questionnaire__sliders">
              {CHART_SKILLS.map((skill) => (
                <SkillLevelSlider
                  key={skill}
                  skill={skill}
                  index={levels[skill]}
                  onChange={(index) => send({ type: 'level.set', skill, index })}
                />
              ))}
            </div>
          ) : null}
        </div>
      ) : null}

      <div className="form__actions">
        <Button variant="secondary" onClick={() => send({ type: 'question.back' })}>
          <ArrowLeftIcon size={20} /> Back
        </Button>
        <Button onClick={() => send({ type: 'question.next' })} disabled={answer === undefined}>
          Next <ArrowRightIcon size={20} />
        </Button>
      </div>
    </section>
  );
};
