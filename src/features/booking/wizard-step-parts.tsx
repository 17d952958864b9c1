import type { ReactNode, RefObject } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { pujaWizardMachine } from '../../../machines/puja-wizard/puja-wizard.machine.ts';

/** The wizard's actor, as every step and part receives it. */
export type WizardRef = ActorRefFrom<typeof pujaWizardMachine>;
/** Each step's heading, focused when the step changes. */
export type HeadingRef = RefObject<HTMLHeadingElement | null>;

export function StepHeading({
  headingRef,
  id,
  children,
}: {
  headingRef: HeadingRef;
  id: string;
  children: ReactNode;
}) {
  return (
    <h2 id={id} ref={headingRef} tabIndex={-1} className="booking-step__title">
      {children}
    </h2>
  );
}

export function FieldMessage({ id, error }: { id: string; error: string | undefined }) {
  return error === undefined ? null : (
    <p id={id} className="booking-field__error">
      {error}
    </p>
  );
}

export function PersonNames({ names }: { names: string[] }) {
  return (
    <ol className="booking-summary__persons">
      {names.map((name, index) => (
        <li key={index}>{name.trim()}</li>
      ))}
    </ol>
  );
}
