import { useCallback, useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { selectStep } from '../../../machines/puja-wizard/puja-wizard.selectors.ts';
import { previousStep, readWizardPlace } from '../../../machines/puja-wizard/wizard-place.ts';
import { pushedFrom } from '../../live/wizard-step-url.ts';
import type { WizardRef } from './wizard-step-parts.tsx';

/**
 * The URL's `?step=` moved (browser Back or Forward, a reload, a shared link): the wizard is
 * asked (`step.requested`), and its `showStep` action (src/live/wizard-step-url.ts) corrects the
 * URL to wherever it stays (docs/product-rules.md, Bookings). Back or Forward away from the
 * confirmation leaves the wizard for the puja's page: the booking is made. Returns the in-page
 * Back, which is the browser's Back when the entry before is the previous step, so the history
 * stays in order.
 */
export function useStepInUrl(wizard: WizardRef, pujaId: number) {
  const [, navigate] = useLocation();
  const urlStep = readWizardPlace(useSearch()).step;

  useEffect(() => {
    const current = selectStep(wizard.getSnapshot());
    if (current === urlStep) return;
    if (current === 'confirmation') navigate(`/pujas/${pujaId}`, { replace: true });
    // While paying, the wizard stays on Payment and its showStep puts the URL back.
    else wizard.send({ type: 'step.requested', step: urlStep });
  }, [wizard, navigate, pujaId, urlStep]);

  return useCallback(() => {
    const current = selectStep(wizard.getSnapshot());
    const previous = previousStep(current);
    if (previous !== undefined && pushedFrom(window.history.state) === previous) window.history.back();
    else wizard.send({ type: 'wizard.back' });
  }, [wizard]);
}
