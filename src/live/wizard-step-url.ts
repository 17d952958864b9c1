import {
  pujaBookingPath,
  readWizardPlace,
  WIZARD_STEPS,
  type StepShown,
  type WizardStep,
} from '../../machines/puja-wizard/wizard-place.ts';
import { currentRoute, navigate } from './hash-location.ts';

/** History state on an entry the wizard pushed: the step it was pushed from. */
interface PushedStep {
  wizardFrom: WizardStep;
}

/** The step the entry before this one was pushed from, if the wizard pushed it. */
export const pushedFrom = (state: unknown) => (state as Partial<PushedStep> | null)?.wizardFrom;

/** The step in the URL now (`?step=`, Person Details when missing). */
const stepInUrl = () => readWizardPlace(currentRoute().split('?')[1] ?? '').step;

/**
 * The wizard's step in its URL (docs/product-rules.md, Bookings): `show` is the wizard's
 * `showStep` action. A step forward gets its own history entry (Back returns to the step before);
 * the confirmation replaces Payment's, and a step back or a correction replaces the entry. Nothing
 * moves while the URL already shows the step, or the step the wizard waits to resume at (a reload
 * on Payment waits on Address for its address). A correction (the wizard stayed on Payment while
 * paying) puts its step back in place of the one the customer may not go to.
 */
export function wizardStepUrl(pujaId: number, packageId: number) {
  const replaceWith = (step: WizardStep) =>
    navigate(pujaBookingPath(pujaId, packageId, step), {
      replace: true,
      state: window.history.state as unknown,
    });
  return {
    show({ step, resumeAt, correction }: StepShown) {
      const shown = stepInUrl();
      if (step === shown || resumeAt === shown) return;
      const forward = WIZARD_STEPS.indexOf(step) > WIZARD_STEPS.indexOf(shown) && step !== 'confirmation';
      if (!forward || correction) return replaceWith(step);
      navigate(pujaBookingPath(pujaId, packageId, step), {
        state: { wizardFrom: shown } satisfies PushedStep,
      });
    },
  };
}
