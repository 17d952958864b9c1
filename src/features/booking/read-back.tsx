import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { WHATSAPP_CONSENT_WORDS } from '../../../contract/messages.ts';
import type { TempleScriptName } from '../../../contract/temple-script.ts';
import { selectUser } from '../../../machines/session/session.selectors.ts';
import { SessionContext } from '../../live/session.tsx';
import { selectNamesConfirmed, selectPersons } from '../../../machines/puja-wizard/puja-wizard.selectors.ts';
import { SankalpReadBack } from '../../ui/sankalp/sankalp-read-back.tsx';
import type { WizardRef } from './wizard-step-parts.tsx';

/** A box the customer ticks under the read-back. */
function ConfirmBox({
  checked,
  disabled,
  onTick,
  children,
}: {
  checked: boolean;
  disabled: boolean;
  onTick: (ticked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className="read-back__confirm">
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onTick(e.target.checked)}
      />
      {children}
    </label>
  );
}

/* ------------------------------------------------------------------------------------------
 * The sankalp read back (docs/product-rules.md, The sankalp in the temple's script)
 * ---------------------------------------------------------------------------------------- */

export function WizardReadBack({
  wizard,
  script,
  disabled,
}: {
  wizard: WizardRef;
  script: TempleScriptName;
  disabled: boolean;
}) {
  const persons = useSelector(wizard, selectPersons);
  const confirmed = useSelector(wizard, selectNamesConfirmed);
  return (
    <SankalpReadBack
      persons={persons}
      script={script}
      disabled={disabled}
      onSpellingChange={(index, field, value) => wizard.send({ type: 'person.spelled', index, field, value })}
    >
      <ConfirmBox
        checked={confirmed}
        disabled={disabled}
        onTick={(ticked) => wizard.send({ type: 'names.confirmed', confirmed: ticked })}
      >
        The names are right
      </ConfirmBox>
    </SankalpReadBack>
  );
}

/**
 * The unticked "Send me updates on WhatsApp" (docs/product-rules.md, Messages to customers,
 * Consent): to the prasad address's mobile, or for a gift the account's phone. Not offered to a
 * customer who already agreed.
 */
export function WizardWhatsappUpdates({ wizard, disabled }: { wizard: WizardRef; disabled: boolean }) {
  const agreed = SessionContext.useSelector((s) => selectUser(s)?.whatsappUpdates === true);
  const ticked = useSelector(wizard, (s) => s.context.whatsappUpdates);
  if (agreed) return null;
  return (
    <ConfirmBox
      checked={ticked}
      disabled={disabled}
      onTick={(on) => wizard.send({ type: 'updates.whatsappChanged', on })}
    >
      {WHATSAPP_CONSENT_WORDS}
    </ConfirmBox>
  );
}
