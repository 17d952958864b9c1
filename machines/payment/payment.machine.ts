import { assign, fromPromise, setup } from 'xstate';
import { bookingMessages } from '../../contract/booking.ts';
import { formatRupees } from '../../contract/money.ts';
import { orderMessages } from '../../contract/orders.ts';
import {
  PRICE_CHANGED_CODE,
  paymentMessages,
  type CaptureMethod,
  type PaymentIntent,
} from '../../contract/payments.ts';
import type { Refused } from '../../contract/refusal.ts';
import type {
  CaptureInput,
  CaptureOutput,
  CreateIntentInput,
  CreateIntentOutput,
  PaidRecord,
  PaymentDetails,
  WriteRecordInput,
  WriteRecordOutput,
} from './payment.actors.ts';
import {
  capturePayloadOf,
  EMPTY_PAYMENT_DETAILS,
  newIdempotencyKey,
  validatePaymentDetails,
  type PaymentFieldErrors,
} from './payment.details.ts';
import { messageOf } from '../shared/message-of.ts';
import { errorOf, outputOf } from '../shared/actor-events.ts';

export const paymentMachineMessages = {
  /** docs/product-rules.md, Payments: the fallback when paying fails unexpectedly. */
  paymentFailed: orderMessages.paymentFailed,
  orderFailed: orderMessages.createFailed,
  bookingFailed: bookingMessages.createFailed,
  /** docs/product-rules.md, Payments: the server's price differs from the one the customer saw. */
  priceChanged: (now: number, was: number, cash = false) =>
    paymentMessages.priceChanged(formatRupees(now), formatRupees(was), cash),
} as const;

/**
 * The code of the price-changed notice in `error`, for views and tests to tell it from a failure;
 * also the code of a cash write the server refused at another total.
 */
export const PRICE_CHANGED = PRICE_CHANGED_CODE;

/**
 * One record being paid for and its retries. The Idempotency-Key and the payment stay while the
 * record is the same (`fingerprint`), so a retry after a lost answer neither pays twice nor
 * writes twice.
 */
export interface PaymentAttempt {
  fingerprint: string;
  record: PaidRecord;
  idempotencyKey: string;
  intent: PaymentIntent | null;
  captured: boolean;
  /**
   * What the customer agreed to pay for this record: the page's total at the first submit, then,
   * once the server has priced the record and the page shows that price, the server's price.
   * A cash order's write carries it as `expectedTotal`.
   */
  agreedAmount: number;
  /**
   * The server's latest price for this record: an intent's amount (kept when an expired intent is
   * forgotten), or the total a cash write was refused with.
   */
  quotedAmount: number | null;
}

/**
 * The machine's output: the record exists, or the server refused it. A captured payment is
 * refunded at once when the write is refused for the record's sake (window closed, stock gone,
 * a price changed after the capture: payment_amount_mismatch), and the refusal's `refunded` and
 * message say so; a payment refused for its own state (used, expired, another customer's) is not.
 */
export type PaymentOutcome = Extract<WriteRecordOutput, { kind: 'created' }> | Refused;

/** What a parent (checkout, the puja wizard) shows of the outcome: a refusal's words and code, else nothing. */
export const refusalErrorOf = (outcome: PaymentOutcome) =>
  outcome.kind === 'refused' ? { message: outcome.message, code: outcome.code } : undefined;

export interface PaymentInput {
  /** Details the customer typed before (kept across a refused attempt). */
  details?: PaymentDetails;
  createIdempotencyKey?: () => string;
}

export interface PaymentContext {
  details: PaymentDetails;
  fieldErrors: PaymentFieldErrors;
  showFieldErrors: boolean;
  /** Counts refused submits (the view moves focus to the first field in error). */
  refusedSubmitCount: number;
  attempt: PaymentAttempt | null;
  error: { message: string; code?: string } | undefined;
  outcome: PaymentOutcome | null;
  createIdempotencyKey: () => string;
}

export type PaymentEvent =
  | { type: 'payment.methodChanged'; method: CaptureMethod }
  | { type: 'payment.upiIdChanged'; value: string }
  | { type: 'payment.cardNumberChanged'; value: string }
  /**
   * The parent asks to pay for (or, cash on delivery, just write) this record. `shownAmount` is
   * the total the page shows for it, in whole rupees: its own figure until the server has priced
   * this very record, after which the page shows the server's price instead (`amountShownFor`,
   * the selector `selectAmountToPay`), and the submit agrees to that.
   */
  | { type: 'payment.submit'; record: PaidRecord; shownAmount: number }
  /** After an unexpected failure: try the step that failed again. */
  | { type: 'payment.retry' };

export const fingerprintOf = (record: PaidRecord) => JSON.stringify(record);

/**
 * The amount a page shows on its Pay button and in its total for the record with `fingerprint`
 * (docs/product-rules.md, Payments): the page's own total until the server has priced that very
 * record, then the server's price. The machine reads a submit with the same rule, so no button
 * says one figure while another is charged.
 */
export function amountShownFor(
  context: Pick<PaymentContext, 'attempt'>,
  fingerprint: string,
  pageTotal: number,
): number {
  const attempt = context.attempt;
  return attempt?.fingerprint === fingerprint && attempt.quotedAmount !== null
    ? attempt.quotedAmount
    : pageTotal;
}

const isCash = (record: PaidRecord) => record.purpose === 'order' && record.cashOnDelivery === true;

/**
 * The server's price for the attempt in an answer, if it gives one: an intent's amount, or the
 * total a cash write was refused with (`price_changed`). Only a cash write carries the amount
 * agreed; an online one was checked at its intent, and the server refunds its capture when it
 * refuses the write for the record's sake (see PaymentOutcome).
 */
function serverPriceIn(
  attempt: PaymentAttempt | null,
  output: CreateIntentOutput | WriteRecordOutput,
): number | null {
  if (output.kind === 'intent') return output.intent.amount;
  const cash = attempt !== null && isCash(attempt.record);
  return cash && output.kind === 'refused' && output.code === PRICE_CHANGED && output.total !== undefined
    ? output.total
    : null;
}

const intentDone = outputOf<CreateIntentOutput>;
const captureDone = outputOf<CaptureOutput>;
const writeDone = outputOf<WriteRecordOutput>;

/**
 * What the customer can do wherever the payment waits for them (`editing`, `priceChanged`,
 * `failed`): change the method or its details, and submit the record again.
 */
const whileChoosing = {
  'payment.methodChanged': { actions: 'changeMethod' },
  'payment.upiIdChanged': { actions: 'changeUpiId' },
  'payment.cardNumberChanged': { actions: 'changeCardNumber' },
  'payment.submit': [
    { guard: 'areDetailsInvalid', actions: 'refuseDetails' },
    { target: 'resuming', actions: 'startAttempt' },
  ],
} as const;

/**
 * One paid write (docs/product-rules.md, Payments), invoked by checkout and by the puja wizard.
 * `editing`: the customer chooses UPI (with a UPI ID), card (a card number) or net banking; the
 * parent's `payment.submit` brings the record and the amount the page showed. Invalid details
 * stay in `editing` with field errors. Then `creatingIntent` (the server prices exactly that
 * record; a price other than the one shown stops in `priceChanged`, the intent kept, until the
 * customer submits again at the new amount the page now shows) -> `capturing` (the
 * provider, about 2 s: "Processing payment...") -> `writing` (POST /api/orders or
 * /api/bookings with the payment id and the attempt's Idempotency-Key) -> `done`, whose output
 * is `{kind:'created', id}` or the server's refusal `{kind:'refused', code, message, refunded?}`.
 * A declined capture returns to `editing` with the intent kept, so the customer pays again on
 * the same intent with another UPI ID or method. Cash on delivery goes straight to `writing`
 * with the amount agreed; a server total other than it is refused (`price_changed`), and the
 * machine stops in `priceChanged` with the server's total shown until the customer submits again
 * (a new Idempotency-Key, as the request now agrees to another total).
 * An unexpected failure (network, 500) waits in `failed`; retry resumes where it stopped, a
 * captured payment and its key reused.
 */
export const paymentMachine = setup({
  types: {
    // Every field of the input is optional, so lint sees the assertion as redundant; it is the type.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
    input: {} as PaymentInput,
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
    output: {} as PaymentOutcome,
  },
  actors: {
    createIntent: fromPromise<CreateIntentOutput, CreateIntentInput>(() =>
      Promise.reject(new Error('createIntent not provided')),
    ),
    capture: fromPromise<CaptureOutput, CaptureInput>(() =>
      Promise.reject(new Error('capture not provided')),
    ),
    writeRecord: fromPromise<WriteRecordOutput, WriteRecordInput>(() =>
      Promise.reject(new Error('writeRecord not provided')),
    ),
  },
  actions: {
    changeMethod: assign(({ context, event }) => {
      if (event.type !== 'payment.methodChanged') return {};
      const details = { ...context.details, method: event.method };
      return { details, fieldErrors: validatePaymentDetails(details) };
    }),
    changeUpiId: assign(({ context, event }) => {
      if (event.type !== 'payment.upiIdChanged') return {};
      const details = { ...context.details, upiId: event.value };
      return { details, fieldErrors: validatePaymentDetails(details) };
    }),
    changeCardNumber: assign(({ context, event }) => {
      if (event.type !== 'payment.cardNumberChanged') return {};
      const details = { ...context.details, cardNumber: event.value };
      return { details, fieldErrors: validatePaymentDetails(details) };
    }),
    refuseDetails: assign({
      fieldErrors: ({ context }) => validatePaymentDetails(context.details),
      showFieldErrors: true,
      refusedSubmitCount: ({ context }) => context.refusedSubmitCount + 1,
    }),
    /**
     * Keep the attempt (key, intent, capture) when the record is the same, else start a new one.
     * Either way the customer agrees to the amount the page showed for it.
     */
    startAttempt: assign(({ context, event }) => {
      if (event.type !== 'payment.submit') return {};
      const fingerprint = fingerprintOf(event.record);
      const agreedAmount = amountShownFor(context, fingerprint, event.shownAmount);
      const same = context.attempt?.fingerprint === fingerprint ? context.attempt : null;
      const attempt: PaymentAttempt = same
        ? { ...same, agreedAmount }
        : {
            fingerprint,
            record: event.record,
            idempotencyKey: context.createIdempotencyKey(),
            intent: null,
            captured: false,
            agreedAmount,
            quotedAmount: null,
          };
      return { attempt, error: undefined, showFieldErrors: false };
    }),
    clearError: assign({ error: undefined }),
    storeIntent: assign({
      attempt: ({ context }, output: CreateIntentOutput) =>
        context.attempt && output.kind === 'intent'
          ? { ...context.attempt, intent: output.intent, captured: false, quotedAmount: output.intent.amount }
          : context.attempt,
    }),
    /** The server's price is not the one the customer saw: say both; nothing is captured or written. */
    tellPriceChanged: assign({
      error: ({ context }, output: CreateIntentOutput | WriteRecordOutput) => {
        const price = serverPriceIn(context.attempt, output);
        return context.attempt && price !== null
          ? {
              message: paymentMachineMessages.priceChanged(
                price,
                context.attempt.agreedAmount,
                isCash(context.attempt.record),
              ),
              code: PRICE_CHANGED,
            }
          : context.error;
      },
    }),
    /**
     * A cash write refused at the server's total: the page shows that total, and the next write,
     * agreeing to it, is another request with its own Idempotency-Key.
     */
    storeRefusedTotal: assign({
      attempt: ({ context }, output: WriteRecordOutput) => {
        const price = serverPriceIn(context.attempt, output);
        return context.attempt && price !== null
          ? { ...context.attempt, quotedAmount: price, idempotencyKey: context.createIdempotencyKey() }
          : context.attempt;
      },
    }),
    markCaptured: assign({
      attempt: ({ context }) => context.attempt && { ...context.attempt, captured: true },
    }),
    /** A refused capture: the customer sees why; the intent stays for another try. */
    storeDecline: assign({
      error: (_, refusal: CaptureOutput | CreateIntentOutput | WriteRecordOutput) =>
        refusal.kind === 'refused' ? { message: refusal.message, code: refusal.code } : undefined,
    }),
    /** A capture refused for another reason (the intent expired...): the next try starts a new intent. */
    forgetIntent: assign({
      attempt: ({ context }) => context.attempt && { ...context.attempt, intent: null, captured: false },
    }),
    storeOutcome: assign({
      outcome: (_, output: CreateIntentOutput | WriteRecordOutput) =>
        output.kind === 'refused' || output.kind === 'created' ? output : null,
    }),
    storeFailure: assign({
      error: ({ context }, error: unknown) => {
        const attempt = context.attempt;
        const writing = attempt !== null && (attempt.captured || isCash(attempt.record));
        const fallback = !writing
          ? paymentMachineMessages.paymentFailed
          : attempt.record.purpose !== 'order'
            ? paymentMachineMessages.bookingFailed
            : paymentMachineMessages.orderFailed;
        return { message: messageOf(error, fallback) };
      },
    }),
  },
  guards: {
    areDetailsInvalid: ({ context, event }) =>
      event.type === 'payment.submit' &&
      !isCash(event.record) &&
      Object.keys(validatePaymentDetails(context.details)).length > 0,
    isCashOnDelivery: ({ context }) => context.attempt !== null && isCash(context.attempt.record),
    isCaptured: ({ context }) => context.attempt?.captured === true,
    hasIntent: ({ context }) => (context.attempt?.intent ?? null) !== null,
    isRefused: (_, output: { kind: string }) => output.kind === 'refused',
    /** The server's price (an intent's amount, a cash write's refused total) is not the amount agreed. */
    isPriceChanged: ({ context }, output: CreateIntentOutput | WriteRecordOutput) => {
      const price = serverPriceIn(context.attempt, output);
      return price !== null && price !== context.attempt?.agreedAmount;
    },
    isDeclined: (_, output: CaptureOutput) => output.kind === 'refused' && output.code === 'payment_declined',
  },
}).createMachine({
  id: 'payment',
  context: ({ input }) => ({
    details: input.details ?? EMPTY_PAYMENT_DETAILS,
    fieldErrors: validatePaymentDetails(input.details ?? EMPTY_PAYMENT_DETAILS),
    showFieldErrors: false,
    refusedSubmitCount: 0,
    attempt: null,
    error: undefined,
    outcome: null,
    createIdempotencyKey: input.createIdempotencyKey ?? newIdempotencyKey,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        ...whileChoosing,
      },
    },
    /** Where the attempt stands decides the next step: nothing is paid or written twice. */
    resuming: {
      always: [
        { guard: 'isCashOnDelivery', target: 'writing' },
        { guard: 'isCaptured', target: 'writing' },
        { guard: 'hasIntent', target: 'capturing' },
        { target: 'creatingIntent' },
      ],
    },
    creatingIntent: {
      tags: ['busy', 'paying'],
      invoke: {
        src: 'createIntent',
        input: ({ context }) => {
          if (!context.attempt) throw new Error('creatingIntent without an attempt');
          return { record: context.attempt.record };
        },
        onDone: [
          {
            guard: { type: 'isRefused', params: intentDone },
            target: 'done',
            actions: { type: 'storeOutcome', params: intentDone },
          },
          {
            guard: { type: 'isPriceChanged', params: intentDone },
            target: 'priceChanged',
            actions: [
              { type: 'tellPriceChanged', params: intentDone },
              { type: 'storeIntent', params: intentDone },
            ],
          },
          { target: 'capturing', actions: { type: 'storeIntent', params: intentDone } },
        ],
        onError: { target: 'failed', actions: { type: 'storeFailure', params: errorOf } },
      },
    },
    capturing: {
      tags: ['busy', 'paying'],
      invoke: {
        src: 'capture',
        input: ({ context }) => {
          const intent = context.attempt?.intent;
          if (!intent) throw new Error('capturing without an intent');
          return { paymentId: intent.id, details: capturePayloadOf(context.details) };
        },
        onDone: [
          {
            guard: { type: 'isDeclined', params: captureDone },
            target: 'editing',
            actions: { type: 'storeDecline', params: captureDone },
          },
          {
            guard: { type: 'isRefused', params: captureDone },
            target: 'editing',
            actions: [{ type: 'storeDecline', params: captureDone }, 'forgetIntent'],
          },
          { target: 'writing', actions: 'markCaptured' },
        ],
        onError: { target: 'failed', actions: { type: 'storeFailure', params: errorOf } },
      },
    },
    /**
     * The server priced the record differently from the page (staff changed a price meanwhile).
     * The intent is kept (or, cash on delivery, the refused write's total) and the page now shows
     * its amount; the customer's next submit agrees to it and captures it (or writes the cash
     * order at it), or they go back.
     */
    priceChanged: {
      on: {
        ...whileChoosing,
      },
    },
    writing: {
      tags: ['busy', 'writing'],
      invoke: {
        src: 'writeRecord',
        input: ({ context }) => {
          const attempt = context.attempt;
          if (!attempt) throw new Error('writing without an attempt');
          const cash = isCash(attempt.record);
          return {
            record: attempt.record,
            paymentId: cash ? null : (attempt.intent?.id ?? null),
            idempotencyKey: attempt.idempotencyKey,
            // No intent priced a cash order: the server checks the amount agreed at the write.
            ...(cash ? { expectedTotal: attempt.agreedAmount } : {}),
          };
        },
        onDone: [
          {
            guard: { type: 'isPriceChanged', params: writeDone },
            target: 'priceChanged',
            actions: [
              { type: 'tellPriceChanged', params: writeDone },
              { type: 'storeRefusedTotal', params: writeDone },
            ],
          },
          { target: 'done', actions: { type: 'storeOutcome', params: writeDone } },
        ],
        onError: { target: 'failed', actions: { type: 'storeFailure', params: errorOf } },
      },
    },
    failed: {
      on: {
        'payment.retry': { target: 'resuming', actions: 'clearError' },
        ...whileChoosing,
      },
    },
    done: {
      type: 'final',
    },
  },
  output: ({ context }) => {
    if (!context.outcome) throw new Error('payment finished without an outcome');
    return context.outcome;
  },
});
