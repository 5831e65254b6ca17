import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, initialTransition, transition, waitFor } from 'xstate';
import type { Actor } from 'xstate';
import type { RegistrationWizardEvent, WizardStepHandlerInput } from './registration-wizard-machine';
import { registrationWizardMachine, registrationWizardView } from './registration-wizard-machine';

const next: RegistrationWizardEvent = { type: 'wizard.next' };
const previous: RegistrationWizardEvent = { type: 'wizard.previous' };
const goTo = (stepIndex: number): RegistrationWizardEvent => ({ type: 'wizard.go_to', stepIndex });

const withHandler = (handler: (input: WizardStepHandlerInput) => Promise<unknown>, steps?: string[]) =>
  createActor(
    registrationWizardMachine.provide({
      actors: { stepHandler: fromPromise(({ input }) => handler(input)) },
    }),
    { input: steps ? { steps } : undefined },
  ).start();

const settle = (actor: Actor<typeof registrationWizardMachine>) => waitFor(actor, (s) => s.matches('idle'));

describe('registration wizard', () => {
  describe('When on the first step', () => {
    const [first] = initialTransition(registrationWizardMachine);

    it('starts at step 0, Questionnaire, flagged first and not last', () => {
      expect(registrationWizardView(first)).toEqual({
        stepIndex: 0,
        stepName: 'Questionnaire',
        isFirstStep: true,
        isLastStep: false,
        loading: false,
        error: null,
      });
    });

    it('cannot go before the first step', () => {
      expect(first.can(previous)).toBe(false);
      expect(transition(registrationWizardMachine, first, previous)[0].context.stepIndex).toBe(0);
    });

    it('cannot jump to a step not reached yet', () => {
      expect(first.can(goTo(1))).toBe(false);
      expect(first.can(goTo(-1))).toBe(false);
    });

    it('shows the loading indication while next awaits the step handler', () => {
      const [advancing] = transition(registrationWizardMachine, first, next);
      expect(registrationWizardView(advancing).loading).toBe(true);
      expect(advancing.context.stepIndex).toBe(0);
      expect(advancing.can(previous)).toBe(false);
    });
  });

  describe('When the step handler runs', () => {
    it('advances without a handler supplied', async () => {
      const actor = createActor(registrationWizardMachine).start();
      actor.send(next);
      const snapshot = await settle(actor);
      expect(registrationWizardView(snapshot)).toMatchObject({
        stepIndex: 1,
        stepName: 'Personal Data',
        isFirstStep: false,
        isLastStep: true,
      });
    });

    it('passes the current step to the handler and advances when it resolves', async () => {
      const calls: WizardStepHandlerInput[] = [];
      const actor = withHandler(async (input) => {
        calls.push(input);
      });
      actor.send(next);
      expect(registrationWizardView(actor.getSnapshot()).loading).toBe(true);
      const snapshot = await settle(actor);
      expect(calls).toEqual([{ stepIndex: 0, stepName: 'Questionnaire' }]);
      expect(snapshot.context.stepIndex).toBe(1);
    });

    it('stays on the step and shows the error when the handler fails, then clears it on retry', async () => {
      let attempts = 0;
      const actor = withHandler(async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('Please answer the questions');
      });
      actor.send(next);
      let snapshot = await settle(actor);
      expect(snapshot.context.stepIndex).toBe(0);
      expect(registrationWizardView(snapshot).error).toBe('Please answer the questions');

      actor.send(next);
      expect(actor.getSnapshot().context.error).toBeNull();
      snapshot = await settle(actor);
      expect(snapshot.context.stepIndex).toBe(1);
    });
  });

  describe('When on the last step', () => {
    it('cannot pass the last step, goes back with previous and returns with go-to-step', async () => {
      const actor = createActor(registrationWizardMachine).start();
      actor.send(next);
      const last = await settle(actor);
      expect(last.can(next)).toBe(false);

      actor.send(previous);
      expect(actor.getSnapshot().context.stepIndex).toBe(0);
      actor.send(goTo(1));
      expect(actor.getSnapshot().context.stepIndex).toBe(1);
      actor.send(goTo(0));
      expect(actor.getSnapshot().context.stepIndex).toBe(0);
    });
  });

  it('walks any number of steps without passing either end', async () => {
    const actor = withHandler(async () => undefined, ['a', 'b', 'c']);
    for (let i = 0; i < 5; i += 1) {
      actor.send(next);
      await settle(actor);
    }
    expect(registrationWizardView(actor.getSnapshot())).toMatchObject({ stepIndex: 2, isLastStep: true });
    for (let i = 0; i < 5; i += 1) actor.send(previous);
    expect(registrationWizardView(actor.getSnapshot())).toMatchObject({ stepIndex: 0, isFirstStep: true });
  });
});
