import { createActor, fromPromise, waitFor } from 'xstate';
import type {
  MessagePreferencesView,
  PreferencesPayload,
  SentMessage,
} from '../../contract/account-messages.ts';
import { accountMessagesMessages } from '../../contract/account-messages.ts';
import { addressMessages } from '../../contract/address.ts';
import type { Refused } from '../../contract/refusal.ts';
import {
  messagePreferencesMachine,
  type PreferencesLoaded,
} from '../../machines/message-preferences/message-preferences.machine.ts';

/**
 * The Messages tab's and the preferences link's machine (docs/product-rules.md, Messages to
 * customers, Consent), through its events with stubbed calls.
 */

const shipped: SentMessage = {
  id: 3,
  channel: 'email',
  template: 'order.shipped',
  label: 'Order shipped',
  status: 'sent',
  createdAt: '2026-12-01T04:00:00.000Z',
  sentAt: '2026-12-01T04:00:15.000Z',
  recordKind: 'order',
  recordId: 12,
};
const off: MessagePreferencesView = { email: true, whatsapp: null };
const on: MessagePreferencesView = { email: true, whatsapp: { mobile: '•••••12345' } };

type Load = () => Promise<{ kind: 'ok'; value: PreferencesLoaded } | Refused>;

function start({
  load = () => Promise.resolve({ kind: 'ok', value: { preferences: off, messages: [shipped] } }),
  save = (change) =>
    Promise.resolve({
      kind: 'ok',
      value:
        change.whatsapp === null
          ? { ...off, email: change.email ?? true }
          : change.whatsapp
            ? on
            : { ...off, email: change.email ?? true },
    }),
  defaultMobile = '98450 12345',
}: {
  load?: Load;
  save?: (change: PreferencesPayload) => Promise<{ kind: 'ok'; value: MessagePreferencesView } | Refused>;
  defaultMobile?: string;
} = {}) {
  const saved: PreferencesPayload[] = [];
  const actor = createActor(
    messagePreferencesMachine.provide({
      actors: {
        load: fromPromise(load),
        save: fromPromise(({ input }: { input: PreferencesPayload }) => {
          saved.push(input);
          return save(input);
        }),
      },
    }),
    { input: { defaultMobile } },
  ).start();
  return { actor, saved };
}

const ready = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => s.matches('ready'));

describe('message preferences machine', () => {
  it('loads the channels and the messages, busy while loading', async () => {
    const { actor } = start();
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const loaded = await ready(actor);
    expect(loaded.context.preferences).toEqual(off);
    expect(loaded.context.messages).toEqual([shipped]);
    expect(loaded.hasTag('busy')).toBe(false);
  });

  it('a failed load offers a retry, which loads again', async () => {
    let calls = 0;
    const { actor } = start({
      load: () =>
        ++calls === 1
          ? Promise.reject(new Error(''))
          : Promise.resolve({ kind: 'ok', value: { preferences: off } }),
    });
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.error).toEqual({ message: accountMessagesMessages.loadFailed });
    actor.send({ type: 'preferences.retry' });
    expect((await ready(actor)).context.error).toBeNull();
    expect(calls).toBe(2);
  });

  it('a refused load (a link the shop did not sign) is unavailable, with the server’s words and no retry', async () => {
    const { actor } = start({
      load: () =>
        Promise.resolve({ kind: 'refused', message: accountMessagesMessages.linkInvalid, notFound: true }),
    });
    const s = await waitFor(actor, (snap) => snap.matches('unavailable'));
    expect(s.context.error).toEqual({ message: accountMessagesMessages.linkInvalid });
    expect(s.can({ type: 'preferences.retry' })).toBe(false);
    expect(s.can({ type: 'preferences.emailSwitched', on: false })).toBe(false);
  });

  it('switches e-mail in one event and says it is saved', async () => {
    const { actor, saved } = start();
    await ready(actor);
    actor.send({ type: 'preferences.emailSwitched', on: false });
    expect(actor.getSnapshot().matches('saving')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'preferences.emailSwitched', on: true })).toBe(false);
    const done = await ready(actor);
    expect(saved).toEqual([{ email: false }]);
    expect(done.context.preferences).toEqual({ email: false, whatsapp: null });
    expect(done.context.notice).toBe(accountMessagesMessages.saved);
  });

  it('switching WhatsApp on shows the unticked box and the account’s phone; it saves only once ticked', async () => {
    const { actor, saved } = start();
    await ready(actor);
    actor.send({ type: 'preferences.whatsappOpened' });
    expect(actor.getSnapshot().context.whatsappForm).toEqual({
      mobile: '98450 12345',
      agreed: false,
      mobileError: null,
    });
    // Not ticked: nothing to confirm.
    expect(actor.getSnapshot().can({ type: 'preferences.whatsappConfirmed' })).toBe(false);
    actor.send({ type: 'preferences.whatsappConfirmed' });
    expect(saved).toEqual([]);

    actor.send({ type: 'preferences.agreementTicked', agreed: true });
    actor.send({ type: 'preferences.mobileChanged', mobile: '94430 12345' });
    actor.send({ type: 'preferences.whatsappConfirmed' });
    const done = await ready(actor);
    expect(saved).toEqual([{ whatsapp: { mobile: '94430 12345' } }]);
    expect(done.context.preferences).toEqual(on);
    expect(done.context.whatsappForm).toBeNull();
  });

  it('marks a mobile that is not a 10-digit Indian one, without a request', async () => {
    const { actor, saved } = start({ defaultMobile: '' });
    await ready(actor);
    actor.send({ type: 'preferences.whatsappOpened' });
    actor.send({ type: 'preferences.agreementTicked', agreed: true });
    actor.send({ type: 'preferences.whatsappConfirmed' });
    expect(actor.getSnapshot().context.whatsappForm?.mobileError).toBe(addressMessages.mobileRequired);
    actor.send({ type: 'preferences.mobileChanged', mobile: '12345' });
    expect(actor.getSnapshot().context.whatsappForm?.mobileError).toBeNull();
    actor.send({ type: 'preferences.whatsappConfirmed' });
    expect(actor.getSnapshot().context.whatsappForm?.mobileError).toBe(addressMessages.mobileInvalid);
    expect(saved).toEqual([]);
    actor.send({ type: 'preferences.whatsappCancelled' });
    expect(actor.getSnapshot().context.whatsappForm).toBeNull();
  });

  it('withdraws WhatsApp in one event; only when it is on', async () => {
    const { actor, saved } = start({
      load: () => Promise.resolve({ kind: 'ok', value: { preferences: on, messages: [] } }),
    });
    await ready(actor);
    expect(actor.getSnapshot().can({ type: 'preferences.whatsappOpened' })).toBe(false);
    actor.send({ type: 'preferences.whatsappWithdrawn' });
    const done = await ready(actor);
    expect(saved).toEqual([{ whatsapp: null }]);
    expect(done.context.preferences).toEqual(off);
    expect(done.can({ type: 'preferences.whatsappWithdrawn' })).toBe(false);
  });

  it('keeps the choice and shows the server’s refusal, or the fallback when the save fails', async () => {
    let refuse = true;
    const { actor } = start({
      save: () =>
        refuse
          ? Promise.resolve({ kind: 'refused', message: addressMessages.mobileInvalid })
          : Promise.reject(new Error('')),
    });
    await ready(actor);
    actor.send({ type: 'preferences.whatsappOpened' });
    actor.send({ type: 'preferences.agreementTicked', agreed: true });
    actor.send({ type: 'preferences.whatsappConfirmed' });
    const refused = await ready(actor);
    expect(refused.context.error).toEqual({ message: addressMessages.mobileInvalid });
    expect(refused.context.preferences).toEqual(off);
    expect(refused.context.whatsappForm).not.toBeNull();
    refuse = false;
    actor.send({ type: 'preferences.emailSwitched', on: false });
    const failed = await ready(actor);
    expect(failed.context.error).toEqual({ message: accountMessagesMessages.saveFailed });
    expect(failed.context.preferences).toEqual(off);
  });
});
