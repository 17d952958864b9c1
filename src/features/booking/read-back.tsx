import { useSelector } from '@xstate/react';
import { WHATSAPP_CONSENT_WORDS } from '../../../contract/messages.ts';
import type { TempleScriptName } from '../../../contract/temple-script.ts';
import { selectUser } from '../../../machines/session/session.selectors.ts';
import { SessionContext } from '../../live/session.tsx';
import { selectNamesConfirmed, selectPersons } from '../../../machines/puja-wizard/puja-wizard.selectors.ts';
import { SankalpReadBack } from '../../ui/sankalp/sankalp-read-back.tsx';
import type { WizardRef } from './wizard-step-parts.tsx';

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
      <label className="read-back__confirm">
        <input
          type="checkbox"
          checked={confirmed}
          disabled={disabled}
          onChange={(event) => wizard.send({ type: 'names.confirmed', confirmed: event.target.checked })}
        />
        The names are right
      </label>
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
    <label className="read-back__confirm">
      <input
        type="checkbox"
        checked={ticked}
        disabled={disabled}
        onChange={(event) => wizard.send({ type: 'updates.whatsappChanged', on: event.target.checked })}
      />
      {WHATSAPP_CONSENT_WORDS}
    </label>
  );
}
