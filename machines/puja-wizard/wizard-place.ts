/** The four steps the progress bar names, in order. */
export const WIZARD_STEPS = ['details', 'address', 'payment', 'confirmation'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** The params of the wizard's `showStep`: the step it is on, and the one it waits to resume at. */
export interface StepShown {
  step: WizardStep;
  resumeAt: WizardStep | null;
  /** The wizard stayed on `step` while the URL asked for another (it is paying): put it back in place. */
  correction?: true;
}

/** The params of `showStep` for `step`, with the step the wizard waits to resume at. */
export const stepShown =
  (step: WizardStep, correction = false) =>
  ({ context }: { context: { resumeAt: WizardStep | null } }): StepShown => ({
    step,
    resumeAt: context.resumeAt,
    ...(correction ? { correction: true as const } : {}),
  });

/**
 * The wizard's place lives in its URL (docs/product-rules.md, Bookings):
 * `/puja-booking/{pujaId}?package={packageId}&step={step}`. The package survives signing in
 * and a reload; each step is its own history entry, so Back and Forward move between steps.
 */
export interface WizardPlace {
  /** undefined when missing or not a positive whole number (the page then goes to the puja). */
  packageId: number | undefined;
  /** 'details' when missing or unknown. */
  step: WizardStep;
}

const isStep = (value: string | null): value is WizardStep =>
  value !== null && (WIZARD_STEPS as readonly string[]).includes(value);

export function readWizardPlace(search: string): WizardPlace {
  const params = new URLSearchParams(search);
  const rawPackage = params.get('package') ?? '';
  const packageId = /^[1-9]\d{0,15}$/.test(rawPackage) ? Number(rawPackage) : undefined;
  const step = params.get('step');
  return {
    packageId: packageId !== undefined && Number.isSafeInteger(packageId) ? packageId : undefined,
    step: isStep(step) ? step : 'details',
  };
}

/** The wizard's route for a puja's package, at a step (Person Details when not given). */
export const pujaBookingPath = (pujaId: number | string, packageId: number, step: WizardStep = 'details') =>
  `/puja-booking/${pujaId}?package=${packageId}&step=${step}`;

/** The step before `step` that the wizard's Back button returns to, if any. */
export function previousStep(step: WizardStep): WizardStep | undefined {
  const index = WIZARD_STEPS.indexOf(step);
  return index > 0 && step !== 'confirmation' ? WIZARD_STEPS[index - 1] : undefined;
}
