import { ComingSoon } from '../../components/layout/coming-soon';
import { FrameCard } from '../../components/layout/frame-card';
import { PageFrame } from '../../components/layout/page-frame';
import { usePageMeta } from '../../lib/use-page-meta';
import './register.css';

const STEPS = ['Questionnaire', 'Personal Data'] as const;

// NEXT: the two-step wizard (registration-wizard and questionnaire machines in domain/src/machines),
// POST /api/register, the 'registration_started' and 'sign_up' analytics events (lib/analytics.ts).
export const RegisterRoute = () => {
  usePageMeta('Registration', '/register');
  return (
    <PageFrame
      eyebrow="Registration"
      title="Become the best drummer you can be"
      lead="Tell us how you play today, and Stickwork builds every practice session around your level."
      width="narrow"
    >
      <ol className="wizard-progress" aria-label="Registration steps">
        {STEPS.map((step, index) => (
          <li key={step} className="wizard-progress__step" aria-current={index === 0 ? 'step' : undefined}>
            <span className="wizard-progress__number" aria-hidden="true">
              {index + 1}
            </span>
            {step}
          </li>
        ))}
      </ol>
      <FrameCard title="Let's get started">
        <p>
          A few yes/no questions about your drumming set your starting level in each skill. It takes about 1-2
          minutes, and you can change every level later in your account.
        </p>
        <p className="register__note">You won't be charged.</p>
      </FrameCard>
      <ComingSoon what="The registration form" />
    </PageFrame>
  );
};
