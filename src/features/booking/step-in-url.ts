import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { WIZARD_STEPS, type WizardStep } from '../../../machines/puja-wizard/puja-wizard.machine.ts';
import { selectResumeAt, selectStep } from '../../../machines/puja-wizard/puja-wizard.selectors.ts';
import {
  previousStep,
  pujaBookingPath,
  readWizardPlace,
} from '../../../machines/puja-wizard/wizard-place.ts';
import type { WizardRef } from './wizard-step-parts.tsx';

/** History state on an entry the wizard pushed: the step it was pushed from. */
interface PushedStep {
  wizardFrom: WizardStep;
}
const pushedFrom = (state: unknown) => (state as Partial<PushedStep> | null)?.wizardFrom;

const isPaymentBusy = (wizard: WizardRef) =>
  wizard.getSnapshot().children.payment?.getSnapshot().hasTag('busy') ?? false;

/**
 * Keeps the URL's `?step=` and the wizard's step together (docs/product-rules.md, Bookings):
 * - the URL moved (browser Back or Forward, a reload): the machine is asked (`step.requested`)
 *   and the URL is corrected to wherever it stays;
 * - the machine moved (Next, Back, paid): a step forward gets its own history entry, the
 *   confirmation replaces Payment's, a step back replaces the entry.
 * Back or Forward away from the confirmation leaves the wizard for the puja's page: the booking
 * is made. Returns the in-page Back, which is the browser's Back when the entry before is the
 * previous step, so the history stays in order.
 */
export function useStepInUrl(wizard: WizardRef, pujaId: number, packageId: number, step: WizardStep) {
  const [, navigate] = useLocation();
  const urlStep = readWizardPlace(useSearch()).step;
  const resumeAt = useSelector(wizard, selectResumeAt);
  const followed = useRef<WizardStep | null>(null);

  useEffect(() => {
    const go = (to: WizardStep, push: boolean) =>
      navigate(pujaBookingPath(pujaId, packageId, to), {
        replace: !push,
        state: push ? ({ wizardFrom: urlStep } satisfies PushedStep) : (window.history.state as unknown),
      });
    if (urlStep !== followed.current) {
      followed.current = urlStep;
      const current = selectStep(wizard.getSnapshot());
      if (current === urlStep) return;
      if (current === 'confirmation') {
        navigate(`/pujas/${pujaId}`, { replace: true });
        return;
      }
      // Paying cannot be walked away from: the URL returns to Payment.
      if (!isPaymentBusy(wizard)) wizard.send({ type: 'step.requested', step: urlStep });
      const now = selectStep(wizard.getSnapshot());
      // On its way (a reload on Payment waits for its address): the URL waits too.
      if (now !== urlStep && selectResumeAt(wizard.getSnapshot()) !== urlStep) {
        followed.current = now;
        go(now, false);
      }
      return;
    }
    if (step === urlStep || resumeAt === urlStep) return;
    const forward = WIZARD_STEPS.indexOf(step) > WIZARD_STEPS.indexOf(urlStep) && step !== 'confirmation';
    followed.current = step;
    go(step, forward);
  }, [wizard, navigate, pujaId, packageId, urlStep, step, resumeAt]);

  return useCallback(() => {
    const current = selectStep(wizard.getSnapshot());
    const previous = previousStep(current);
    if (previous !== undefined && pushedFrom(window.history.state) === previous) window.history.back();
    else wizard.send({ type: 'wizard.back' });
  }, [wizard]);
}
