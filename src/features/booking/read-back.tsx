import { useSelector } from '@xstate/react';
import type { TempleScriptName } from '../../../contract/temple-script.ts';
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
