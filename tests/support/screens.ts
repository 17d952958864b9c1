import { act, fireEvent, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import type { PersonDraft } from '../../contract/person.ts';
import type { ApiFetchControl } from './api-fetch.ts';
import { renderAppAt } from './render-app.tsx';

/**
 * axe's violations on the page's main region, and on the open dialog of the given role when
 * there is one (dialogs are portalled outside main); the shell has tests of its own, and colour
 * contrast is left to the browser tests (jsdom does not lay out).
 */
export async function axeViolations({ andOpen }: { andOpen?: 'dialog' | 'alertdialog' } = {}): Promise<
  string[]
> {
  let result!: axe.AxeResults;
  await act(async () => {
    const include = [['main'], ...(andOpen && screen.queryByRole(andOpen) ? [[`[role="${andOpen}"]`]] : [])];
    result = await axe.run({ include }, { rules: { 'color-contrast': { enabled: false } } });
  });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A row of a summary list: the value beside `label`. */
export const summary = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).parentElement?.querySelector('dd')?.textContent;

/** One person's form in the booking wizard's Person Details step. */
export const personGroup = (index: number, count: number) =>
  within(screen.getByRole('group', { name: `Person ${index + 1} of ${count}` }));

/** Fills one person's form (the date and time inputs through change events, as a browser picker would). */
export async function fillPerson(user: UserEvent, index: number, count: number, values: PersonDraft) {
  const group = personGroup(index, count);
  await user.type(group.getByRole('textbox', { name: 'Name' }), values.name);
  fireEvent.change(group.getByLabelText('Date of birth'), { target: { value: values.dateOfBirth } });
  fireEvent.change(group.getByLabelText('Birth time'), { target: { value: values.birthTime } });
  fireEvent.change(group.getByRole('textbox', { name: 'Birth place' }), {
    target: { value: values.birthPlace },
  });
  await user.type(group.getByRole('combobox', { name: 'Raashi' }), values.raashi);
  await user.type(group.getByRole('combobox', { name: 'Nakshatra' }), values.nakshatra);
  fireEvent.change(group.getByRole('textbox', { name: 'Gothra' }), { target: { value: values.gothra } });
}

/**
 * Opens the app at `path` while the requests whose path matches `failing` fail as a dropped
 * connection does, and answers the alert the page shows; the network is back once it shows, so a
 * Retry can recover.
 */
export async function alertWhileOffline(
  net: Pick<ApiFetchControl, 'failNetwork'>,
  failing: RegExp,
  path: string,
) {
  net.failNetwork(failing);
  renderAppAt(path);
  const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
  net.failNetwork(null);
  return alert;
}
