import { questionnaireSelfRating, type QuestionnaireOutput, type SkillLevelIndices } from '@stickwork/domain';
import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { CheckIcon } from '../../components/icons/icons';
import { PersonalDataStep } from './personal-data-step';
import { QuestionnaireStep } from './questionnaire-step';
import {
  REGISTRATION_STEPS,
  registrationWizardMachine,
  registrationWizardView,
} from './registration-wizard-machine';
import {
  opened,
  selectRegistrationErrors,
  selectRegistrationStatus,
  submitted,
  type PersonalData,
} from './registration-slice';
import './registration.css';

const EMPTY_PERSONAL_DATA: PersonalData = {
  firstname: '',
  lastname: '',
  country: '',
  email: '',
  password: '',
};

/** The two-step registration of product-spec §2, driven by registrationWizardMachine. */
export const RegistrationWizard = () => {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const status = useSelector(selectRegistrationStatus);
  const errors = useSelector(selectRegistrationErrors);
  const [wizard, sendToWizard] = useMachine(registrationWizardMachine);
  const view = registrationWizardView(wizard);
  const [levels, setLevels] = useState<SkillLevelIndices | null>(null);
  const [questionnaireRuns, setQuestionnaireRuns] = useState(0);
  const [personalData, setPersonalData] = useState(EMPTY_PERSONAL_DATA);

  useEffect(() => {
    dispatch(opened());
  }, [dispatch]);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [view.stepIndex]);

  useEffect(() => {
    if (status === 'succeeded') void navigate('/launch-overview', { replace: true });
  }, [status, navigate]);

  const questionnaireDone = (output: QuestionnaireOutput) => {
    setLevels(output.levels);
    sendToWizard({ type: 'wizard.next' });
  };

  const backToQuestionnaire = () => {
    sendToWizard({ type: 'wizard.previous' });
    setQuestionnaireRuns((runs) => runs + 1);
  };

  const register = () => {
    if (!levels) return;
    dispatch(
      submitted({
        personalData,
        selfRating: questionnaireSelfRating(levels),
        acceptedAt: new Date().toISOString(),
      }),
    );
  };

  return (
    <div className="registration">
      <ol className="wizard-progress" aria-label="Registration steps">
        {REGISTRATION_STEPS.map((step, index) => {
          const done = index < view.stepIndex;
          return (
            <li
              key={step}
              className="wizard-progress__step"
              data-done={done}
              aria-current={index === view.stepIndex ? 'step' : undefined}
            >
              <span className="wizard-progress__number" aria-hidden="true">
                {done ? <CheckIcon size={18} /> : index + 1}
              </span>
              <span>
                <span className="visually-hidden">
                  Step {index + 1} of {REGISTRATION_STEPS.length}
                  {done ? ', done' : ''}:{' '}
                </span>
                {step}
              </span>
            </li>
          );
        })}
      </ol>
      {view.isFirstStep ? (
        <QuestionnaireStep
          key={questionnaireRuns}
          skipIntro={questionnaireRuns > 0}
          onCompleted={questionnaireDone}
        />
      ) : (
        <PersonalDataStep
          value={personalData}
          onChange={setPersonalData}
          errors={errors}
          submitting={status === 'submitting' || status === 'succeeded'}
          onBack={backToQuestionnaire}
          onSubmit={register}
        />
      )}
    </div>
  );
};
