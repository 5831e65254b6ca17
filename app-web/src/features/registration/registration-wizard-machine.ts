import { assign, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';

/**
 * The two-step registration wizard (product-spec §2 "Registration", §4 "Other"): next, previous and
 * go-to-step; the step index starts at 0 and never passes either end; next awaits an optional step
 * handler, and an error from it keeps the wizard on its step.
 *
 * It lives in app-web, not domain: it is screen flow with the steps' names, run only by
 * the browser. Its first step's questionnaire machine stays in domain: its level presets are rules.
 */

export const REGISTRATION_STEPS = ['Questionnaire', 'Personal Data'] as const;

export interface WizardStepHandlerInput {
  stepIndex: number;
  stepName: string;
}

export interface RegistrationWizardInput {
  steps?: readonly string[];
}

export interface RegistrationWizardContext {
  steps: readonly string[];
  stepIndex: number;
  /** The furthest step reached; go-to-step may jump back to any step up to here. */
  furthestStepIndex: number;
  /** The message of the step handler's last failure, cleared on the next attempt. */
  error: string | null;
}

export type RegistrationWizardEvent =
  { type: 'wizard.next' } | { type: 'wizard.previous' } | { type: 'wizard.go_to'; stepIndex: number };

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export const registrationWizardMachine = setup({
  types: {
    context: {} as RegistrationWizardContext,
    events: {} as RegistrationWizardEvent,
    input: {} as RegistrationWizardInput | void,
  },
  actors: {
    /** Optional: without one, next advances at once. The app may supply validation or a request. */
    stepHandler: fromPromise<unknown, WizardStepHandlerInput>(async () => undefined),
  },
  guards: {
    hasNextStep: ({ context }) => context.stepIndex < context.steps.length - 1,
    hasPreviousStep: ({ context }) => context.stepIndex > 0,
    isReachedStep: ({ context, event }) =>
      event.type === 'wizard.go_to' &&
      Number.isInteger(event.stepIndex) &&
      event.stepIndex >= 0 &&
      event.stepIndex <= context.furthestStepIndex &&
      event.stepIndex !== context.stepIndex,
  },
}).createMachine({
  id: 'registrationWizard',
  context: ({ input }) => ({
    steps: input?.steps ?? REGISTRATION_STEPS,
    stepIndex: 0,
    furthestStepIndex: 0,
    error: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'wizard.next': { guard: 'hasNextStep', target: 'advancing', actions: assign({ error: null }) },
        'wizard.previous': {
          guard: 'hasPreviousStep',
          actions: assign({ stepIndex: ({ context }) => context.stepIndex - 1, error: null }),
        },
        'wizard.go_to': {
          guard: 'isReachedStep',
          actions: assign({ stepIndex: ({ event }) => event.stepIndex, error: null }),
        },
      },
    },
    /** The loading indication: the step handler is running. */
    advancing: {
      invoke: {
        src: 'stepHandler',
        input: ({ context }) => ({
          stepIndex: context.stepIndex,
          stepName: context.steps[context.stepIndex] ?? '',
        }),
        onDone: {
          target: 'idle',
          actions: assign(({ context }) => {
            const stepIndex = context.stepIndex + 1;
            return { stepIndex, furthestStepIndex: Math.max(stepIndex, context.furthestStepIndex) };
          }),
        },
        onError: { target: 'idle', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
  },
});

export interface RegistrationWizardView {
  stepIndex: number;
  stepName: string;
  isFirstStep: boolean;
  isLastStep: boolean;
  loading: boolean;
  error: string | null;
}

/** What the progress header and the step buttons show. */
export const registrationWizardView = (
  snapshot: SnapshotFrom<typeof registrationWizardMachine>,
): RegistrationWizardView => {
  const { steps, stepIndex, error } = snapshot.context;
  return {
    stepIndex,
    stepName: steps[stepIndex] ?? '',
    isFirstStep: stepIndex === 0,
    isLastStep: stepIndex === steps.length - 1,
    loading: snapshot.matches('advancing'),
    error,
  };
};
