import { assign, not, setup, type DoneActorEvent } from 'xstate';
import {
  accountMessagesMessages,
  isIndianMobile,
  type MessagePreferencesView,
  type PreferencesPayload,
  type SentMessage,
} from '../../contract/account-messages.ts';
import { addressMessages } from '../../contract/address.ts';
import { isRefused, type Refused } from '../../contract/refusal.ts';
import { messageOf } from '../shared/message-of.ts';
import { errorMessageOr, outputOf, unprovided } from '../shared/actor-events.ts';

/**
 * What the customer hears from the shop (docs/product-rules.md, Messages to customers, Consent),
 * for the account's Messages tab and for the page the signed e-mail link opens: the same two
 * switches, and in the account the messages sent.
 */

/** What `load` gives: the preferences, and the messages (the account) or the customer's name (the link). */
export interface PreferencesLoaded {
  preferences: MessagePreferencesView;
  messages?: SentMessage[];
  name?: string;
}

export interface MessagePreferencesInput {
  /** The account's phone, to fill the WhatsApp mobile in with (blank when none). */
  defaultMobile: string;
}

export interface MessagePreferencesContext {
  preferences: MessagePreferencesView | null;
  messages: SentMessage[];
  name: string | null;
  defaultMobile: string;
  /** WhatsApp being switched on: the unticked box and the mobile it goes to. */
  whatsappForm: { mobile: string; agreed: boolean; mobileError: string | null } | null;
  /** The change being saved. */
  pending: PreferencesPayload | null;
  /** Loading or saving failed, or the server refused (a bad link, a mobile it would not take). */
  error: { message: string } | null;
  /** "Your message preferences are saved", after each save. */
  notice: string | null;
}

export type MessagePreferencesEvent =
  | { type: 'preferences.retry' }
  | { type: 'preferences.emailSwitched'; on: boolean }
  | { type: 'preferences.whatsappOpened' }
  | { type: 'preferences.mobileChanged'; mobile: string }
  | { type: 'preferences.agreementTicked'; agreed: boolean }
  | { type: 'preferences.whatsappConfirmed' }
  | { type: 'preferences.whatsappCancelled' }
  | { type: 'preferences.whatsappWithdrawn' };

type LoadOutcome = { kind: 'ok'; value: PreferencesLoaded } | Refused;
type SaveOutcome = { kind: 'ok'; value: MessagePreferencesView } | Refused;

/**
 * loading -> ready, or -> failed (a retry loads again) or -> unavailable (the server refused: a
 * link not signed by the shop). In `ready` e-mail switches in one tap, WhatsApp switches off in
 * one tap, and switching it on opens the unticked box and the mobile: confirmed only with the box
 * ticked and a 10-digit Indian mobile. Each change is `saving` until the server answers.
 */
export const messagePreferencesMachine = setup({
  types: {
    context: {} as MessagePreferencesContext,
    events: {} as MessagePreferencesEvent,
    input: {} as MessagePreferencesInput,
  },
  actors: {
    load: unprovided<LoadOutcome, void>('load not provided'),
    save: unprovided<SaveOutcome, PreferencesPayload>('save not provided'),
  },
  actions: {
    storeLoaded: assign((_, loaded: PreferencesLoaded) => ({
      preferences: loaded.preferences,
      messages: loaded.messages ?? [],
      name: loaded.name ?? null,
      error: null,
    })),
    storeError: assign({ error: (_, message: string) => ({ message }) }),
    clearNotice: assign({ notice: null, error: null }),
    askToSave: assign({ pending: (_, change: PreferencesPayload) => change, notice: null, error: null }),
    openWhatsapp: assign({
      whatsappForm: ({ context }) => ({ mobile: context.defaultMobile, agreed: false, mobileError: null }),
      notice: null,
      error: null,
    }),
    closeWhatsapp: assign({ whatsappForm: null }),
    changeMobile: assign({
      whatsappForm: ({ context }, mobile: string) =>
        context.whatsappForm && { ...context.whatsappForm, mobile, mobileError: null },
    }),
    tickAgreement: assign({
      whatsappForm: ({ context }, agreed: boolean) =>
        context.whatsappForm && { ...context.whatsappForm, agreed },
    }),
    markMobile: assign({
      whatsappForm: ({ context }) =>
        context.whatsappForm && {
          ...context.whatsappForm,
          mobileError: context.whatsappForm.mobile.trim()
            ? addressMessages.mobileInvalid
            : addressMessages.mobileRequired,
        },
    }),
    storeSaved: assign((_, preferences: MessagePreferencesView) => ({
      preferences,
      pending: null,
      whatsappForm: null,
      error: null,
      notice: accountMessagesMessages.saved,
    })),
  },
  guards: {
    isRefusal: (_, outcome: LoadOutcome | SaveOutcome) => isRefused(outcome),
    canConfirm: ({ context }) =>
      context.whatsappForm !== null &&
      context.whatsappForm.agreed &&
      isIndianMobile(context.whatsappForm.mobile),
    isAgreed: ({ context }) => context.whatsappForm?.agreed === true,
    hasWhatsapp: ({ context }) => context.preferences?.whatsapp != null,
  },
}).createMachine({
  id: 'messagePreferences',
  context: ({ input }) => ({
    preferences: null,
    messages: [],
    name: null,
    defaultMobile: input.defaultMobile,
    whatsappForm: null,
    pending: null,
    error: null,
    notice: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'load',
        onDone: [
          {
            guard: { type: 'isRefusal', params: outputOf<LoadOutcome> },
            target: 'unavailable',
            actions: {
              type: 'storeError',
              params: ({ event }: { event: DoneActorEvent<LoadOutcome> }) =>
                messageOf(event.output, accountMessagesMessages.loadFailed),
            },
          },
          {
            target: 'ready',
            actions: {
              type: 'storeLoaded',
              params: ({ event }: { event: DoneActorEvent<LoadOutcome> }) =>
                (event.output as { value: PreferencesLoaded }).value,
            },
          },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'storeError', params: errorMessageOr(accountMessagesMessages.loadFailed) },
        },
      },
    },
    failed: {
      on: { 'preferences.retry': { target: 'loading', actions: 'clearNotice' } },
    },
    unavailable: {},
    ready: {
      on: {
        'preferences.emailSwitched': {
          target: 'saving',
          actions: { type: 'askToSave', params: ({ event }) => ({ email: event.on }) },
        },
        'preferences.whatsappOpened': { guard: not('hasWhatsapp'), actions: 'openWhatsapp' },
        'preferences.whatsappWithdrawn': {
          guard: 'hasWhatsapp',
          target: 'saving',
          actions: { type: 'askToSave', params: { whatsapp: null } },
        },
        'preferences.mobileChanged': {
          actions: { type: 'changeMobile', params: ({ event }) => event.mobile },
        },
        'preferences.agreementTicked': {
          actions: { type: 'tickAgreement', params: ({ event }) => event.agreed },
        },
        'preferences.whatsappCancelled': { actions: 'closeWhatsapp' },
        'preferences.whatsappConfirmed': [
          {
            guard: 'canConfirm',
            target: 'saving',
            actions: {
              type: 'askToSave',
              params: ({ context }) => ({ whatsapp: { mobile: context.whatsappForm?.mobile ?? '' } }),
            },
          },
          { guard: 'isAgreed', actions: 'markMobile' },
        ],
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'save',
        input: ({ context }) => context.pending ?? {},
        onDone: [
          {
            guard: { type: 'isRefusal', params: outputOf<SaveOutcome> },
            target: 'ready',
            actions: {
              type: 'storeError',
              params: ({ event }: { event: DoneActorEvent<SaveOutcome> }) =>
                messageOf(event.output, accountMessagesMessages.saveFailed),
            },
          },
          {
            target: 'ready',
            actions: {
              type: 'storeSaved',
              params: ({ event }: { event: DoneActorEvent<SaveOutcome> }) =>
                (event.output as { value: MessagePreferencesView }).value,
            },
          },
        ],
        onError: {
          target: 'ready',
          actions: { type: 'storeError', params: errorMessageOr(accountMessagesMessages.saveFailed) },
        },
      },
    },
  },
});
