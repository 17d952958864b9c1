import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Refused } from '../../contract/refusal.ts';
import type {
  CaptureInput,
  CaptureOutput,
  CreateIntentInput,
  CreateIntentOutput,
  PaidRecord,
  WriteRecordInput,
  WriteRecordOutput,
} from '../../machines/payment/payment.actors.ts';
import {
  fingerprintOf,
  paymentMachine,
  PRICE_CHANGED,
  type PaymentOutcome,
} from '../../machines/payment/payment.machine.ts';
import { selectAmountToPay, selectIsPriceChanged } from '../../machines/payment/payment.selectors.ts';

const record: PaidRecord = {
  purpose: 'booking',
  booking: { pujaId: 1, packageId: 2, persons: [], addressId: 3 },
};
const intent = {
  id: 'pay_1',
  amount: 1100,
  currency: 'INR' as const,
  status: 'created' as const,
  expiresAt: '',
};
const captured = (id = 'pay_1'): CaptureOutput => ({
  kind: 'captured',
  capture: { id, status: 'captured', method: 'upi', providerPaymentId: 'p', signature: 's' },
});
const declined: Refused = {
  kind: 'refused',
  code: 'payment_declined',
  message: 'Your payment was declined.',
};

/** Scripted actors: each call takes the next answer (a value, or an Error to reject with). */
function harness(script: {
  intents?: (CreateIntentOutput | Error)[];
  captures?: (CaptureOutput | Error)[];
  writes?: (WriteRecordOutput | Error)[];
}) {
  const calls = {
    intents: [] as CreateIntentInput[],
    captures: [] as CaptureInput[],
    writes: [] as WriteRecordInput[],
  };
  const next = <T>(list: (T | Error)[] | undefined) => {
    const answer = list?.shift();
    if (answer === undefined) return Promise.reject(new Error('unexpected call'));
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
  };
  const machine = paymentMachine.provide({
    actors: {
      createIntent: fromPromise<CreateIntentOutput, CreateIntentInput>(({ input }) => {
        calls.intents.push(input);
        return next(script.intents);
      }),
      capture: fromPromise<CaptureOutput, CaptureInput>(({ input }) => {
        calls.captures.push(input);
        return next(script.captures);
      }),
      writeRecord: fromPromise<WriteRecordOutput, WriteRecordInput>(({ input }) => {
        calls.writes.push(input);
        return next(script.writes);
      }),
    },
  });
  let keys = 0;
  const actor = createActor(machine, { input: { createIdempotencyKey: () => `key_${++keys}` } }).start();
  return { actor, calls };
}

const settle = (actor: ReturnType<typeof harness>['actor']) => waitFor(actor, (s) => !s.hasTag('busy'));

describe('payment machine', () => {
  it('refuses a submit with an invalid UPI ID, with the field error, and pays nothing', () => {
    const { actor, calls } = harness({});
    actor.send({ type: 'payment.submit', record, shownAmount: intent.amount });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.showFieldErrors).toBe(true);
    expect(actor.getSnapshot().context.fieldErrors.upiId).toBe('Please enter your UPI ID');
    expect(actor.getSnapshot().context.refusedSubmitCount).toBe(1);
    actor.send({ type: 'payment.methodChanged', method: 'card' });
    actor.send({ type: 'payment.cardNumberChanged', value: '12' });
    actor.send({ type: 'payment.submit', record, shownAmount: intent.amount });
    expect(actor.getSnapshot().context.fieldErrors.cardNumber).toBe('Please enter a valid card number');
    expect(calls.intents).toHaveLength(0);
  });

  it('creates the intent, captures (busy "paying"), writes with the key and ends created', async () => {
    const { actor, calls } = harness({
      intents: [{ kind: 'intent', intent }],
      captures: [
        {
          kind: 'captured',
          capture: { id: 'pay_1', status: 'captured', method: 'upi', providerPaymentId: 'p', signature: 's' },
        },
      ],
      writes: [{ kind: 'created', id: 42, booking: null }],
    });
    actor.send({ type: 'payment.upiIdChanged', value: 'asha@okbank' });
    actor.send({ type: 'payment.submit', record, shownAmount: intent.amount });
    expect(actor.getSnapshot().value).toBe('creatingIntent');
    expect(actor.getSnapshot().hasTag('paying')).toBe(true);
    expect(paymentMachine.getStateNodeById('payment.capturing').tags).toContain('paying');
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().output).toEqual({
      kind: 'created',
      id: 42,
      booking: null,
    } satisfies PaymentOutcome);
    expect(calls.captures).toEqual([
      { paymentId: 'pay_1', details: { method: 'upi', upiId: 'asha@okbank' } },
    ]);
    expect(calls.writes).toEqual([{ record, paymentId: 'pay_1', idempotencyKey: 'key_1' }]);
  });

  it('after a declined capture the customer changes the UPI ID and pays again on the same intent', async () => {
    const { actor, calls } = harness({
      intents: [{ kind: 'intent', intent }],
      captures: [
        declined,
        {
          kind: 'captured',
          capture: { id: 'pay_1', status: 'captured', method: 'upi', providerPaymentId: 'p', signature: 's' },
        },
      ],
      writes: [{ kind: 'created', id: 7, booking: null }],
    });
    actor.send({ type: 'payment.upiIdChanged', value: 'failure@upi' });
    actor.send({ type: 'payment.submit', record, shownAmount: intent.amount });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.error).toEqual({
      message: declined.message,
      code: 'payment_declined',
    });
    actor.send({ type: 'payment.upiIdChanged', value: 'asha@okbank' });
    actor.send({ type: 'payment.submit', record, shownAmount: intent.amount });
    expect(actor.getSnapshot().context.error).toBeUndefined();
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.intents).toHaveLength(1);
    expect(calls.captures.map((c) => c.paymentId)).toEqual(['pay_1', 'pay_1']);
    expect(calls.captures[1]?.details).toEqual({ method: 'upi', upiId: 'asha@okbank' });
    expect(calls.writes[0]?.idempotencyKey).toBe('key_1');
  });

  it('a capture refused otherwise (expired) forgets the intent: the next submit creates a new one', async () => {
    const { actor, calls } = harness({
      intents: [
        { kind: 'intent', intent },
        { kind: 'intent', intent: { ...intent, id: 'pay_2' } },
      ],
      captures: [
        { kind: 'refused', code: 'payment_expired', message: 'This payment has expired.' },
        new Error('down'),
      ],
    });
    actor.send({ type: 'payment.upiIdChanged', value: 'asha@okbank' });
    actor.send({ type: 'payment.submit', record, shownAmount: intent.amount });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.attempt?.intent).toBeNull();
    actor.send({ type: 'payment.submit', record, shownAmount: intent.amount });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(calls.captures.map((c) => c.paymentId)).toEqual(['pay_1', 'pay_2']);
  });

  it('an unexpected failure after the capture retries the write with the captured payment and the same key', async () => {
    const { actor, calls } = harness({
      intents: [{ kind: 'intent', intent }],
      captures: [
        {
          kind: 'captured',
          capture: {
            id: 'pay_1',
            status: 'captured',
            method: 'netbanking',
            providerPaymentId: 'p',
            signature: 's',
          },
        },
      ],
      writes: [new Error('Failed to create booking'), { kind: 'created', id: 9, booking: null }],
    });
    actor.send({ type: 'payment.methodChanged', method: 'netbanking' });
    actor.send({ type: 'payment.submit', record, shownAmount: intent.amount });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error?.message).toBe('Failed to create booking');
    expect(actor.getSnapshot().can({ type: 'payment.retry' })).toBe(true);
    actor.send({ type: 'payment.retry' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.intents).toHaveLength(1);
    expect(calls.captures).toHaveLength(1);
    expect(calls.writes.map((w) => [w.paymentId, w.idempotencyKey])).toEqual([
      ['pay_1', 'key_1'],
      ['pay_1', 'key_1'],
    ]);
  });

  it('an unexpected failure while creating the intent or capturing waits for retry and resumes there', async () => {
    const { actor, calls } = harness({
      intents: [new Error(''), { kind: 'intent', intent }],
      captures: [new Error('network'), declined],
    });
    actor.send({ type: 'payment.methodChanged', method: 'netbanking' });
    actor.send({ type: 'payment.submit', record, shownAmount: intent.amount });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error?.message).toBe('Payment initialization failed');
    actor.send({ type: 'payment.retry' });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'payment.retry' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(calls.intents).toHaveLength(2);
    expect(calls.captures.map((c) => c.paymentId)).toEqual(['pay_1', 'pay_1']);
  });

  it('a refused write with a refund ends as a typed refusal carrying the refund', async () => {
    const refusal: Refused = {
      kind: 'refused',
      code: 'booking_closed',
      message: 'Booking for this puja has closed. Your payment of ₹1,100 has been refunded.',
      refunded: { paymentId: 'pay_1', amount: 1100 },
    };
    const { actor } = harness({
      intents: [{ kind: 'intent', intent }],
      captures: [
        {
          kind: 'captured',
          capture: { id: 'pay_1', status: 'captured', method: 'upi', providerPaymentId: 'p', signature: 's' },
        },
      ],
      writes: [refusal],
    });
    actor.send({ type: 'payment.upiIdChanged', value: 'asha@okbank' });
    actor.send({ type: 'payment.submit', record, shownAmount: intent.amount });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().output).toEqual(refusal);
  });

  it('a refused intent (stock ran out) ends as a refusal without capturing', async () => {
    const refusal: Refused = { kind: 'refused', code: 'out_of_stock', message: 'Only 1 left' };
    const { actor, calls } = harness({ intents: [refusal] });
    actor.send({ type: 'payment.upiIdChanged', value: 'asha@okbank' });
    actor.send({ type: 'payment.submit', record, shownAmount: intent.amount });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().output).toEqual(refusal);
    expect(calls.captures).toHaveLength(0);
  });

  it('cash on delivery writes the order directly, with the amount shown, no payment and no UPI ID needed', async () => {
    const order: PaidRecord = {
      purpose: 'order',
      order: { address_id: 3, items: [{ product_id: 1, quantity: 1 }] },
      cashOnDelivery: true,
    };
    const { actor, calls } = harness({ writes: [{ kind: 'created', id: 5, booking: null }] });
    actor.send({ type: 'payment.submit', record: order, shownAmount: 851 });
    expect(actor.getSnapshot().hasTag('writing')).toBe(true);
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.intents).toHaveLength(0);
    expect(calls.writes).toEqual([
      { record: order, paymentId: null, idempotencyKey: 'key_1', expectedTotal: 851 },
    ]);
  });

  it('a different record after a failure starts a new attempt with a new key', async () => {
    const { actor, calls } = harness({
      writes: [new Error('down'), { kind: 'created', id: 6, booking: null }],
    });
    const order = (quantity: number): PaidRecord => ({
      purpose: 'order',
      order: { address_id: 3, items: [{ product_id: 1, quantity }] },
      cashOnDelivery: true,
    });
    actor.send({ type: 'payment.submit', record: order(1), shownAmount: 851 });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'payment.upiIdChanged', value: 'x' });
    actor.send({ type: 'payment.submit', record: order(2), shownAmount: 1702 });
    await settle(actor);
    expect(calls.writes.map((w) => w.idempotencyKey)).toEqual(['key_1', 'key_2']);
  });

  describe('when the server prices the record differently from the page (docs/product-rules.md, Payments)', () => {
    /** What the page shows for `record` with its own total `pageTotal`. */
    const shown = (actor: ReturnType<typeof harness>['actor'], pageTotal: number, of = record) =>
      selectAmountToPay(fingerprintOf(of), pageTotal)(actor.getSnapshot());

    it('captures nothing, tells both amounts, and pays the new one on the same intent only at the next submit', async () => {
      const { actor, calls } = harness({
        intents: [{ kind: 'intent', intent: { ...intent, amount: 1200 } }],
        captures: [captured()],
        writes: [{ kind: 'created', id: 42, booking: null }],
      });
      actor.send({ type: 'payment.upiIdChanged', value: 'asha@okbank' });
      expect(shown(actor, 1100)).toBe(1100);
      actor.send({ type: 'payment.submit', record, shownAmount: 1100 });
      await waitFor(actor, (s) => !s.hasTag('busy'));
      expect(selectIsPriceChanged(actor.getSnapshot())).toBe(true);
      expect(calls.captures).toHaveLength(0);
      expect(actor.getSnapshot().context.error).toEqual({
        message:
          'The price has changed since you opened this page: the amount is now ₹1,200 (it was ₹1,100). ' +
          'Check it and pay ₹1,200, or go back.',
        code: PRICE_CHANGED,
      });
      // The page shows the server's price for this record, and only for it.
      expect(shown(actor, 1100)).toBe(1200);
      expect(shown(actor, 1100, { ...record, booking: { ...record.booking, packageId: 9 } })).toBe(1100);

      // The next submit (the page's own total is still 1100; its button says ₹1,200) pays ₹1,200.
      actor.send({ type: 'payment.submit', record, shownAmount: 1100 });
      expect(actor.getSnapshot().context.error).toBeUndefined();
      await waitFor(actor, (s) => s.status === 'done');
      expect(calls.intents).toHaveLength(1);
      expect(calls.captures.map((c) => c.paymentId)).toEqual(['pay_1']);
      expect(calls.writes).toEqual([{ record, paymentId: 'pay_1', idempotencyKey: 'key_1' }]);
    });

    it('asks again for a lower price too: nothing is charged that was not shown', async () => {
      const { actor, calls } = harness({
        intents: [{ kind: 'intent', intent: { ...intent, amount: 1000 } }],
      });
      actor.send({ type: 'payment.methodChanged', method: 'netbanking' });
      actor.send({ type: 'payment.submit', record, shownAmount: 1100 });
      await waitFor(actor, (s) => s.matches('priceChanged'));
      expect(actor.getSnapshot().context.error?.message).toMatch(/now ₹1,000 \(it was ₹1,100\)/);
      expect(calls.captures).toHaveLength(0);
    });

    it('if the price changes again before they pay (the intent expired), the same check asks again', async () => {
      const { actor, calls } = harness({
        intents: [
          { kind: 'intent', intent: { ...intent, amount: 1200 } },
          { kind: 'intent', intent: { ...intent, id: 'pay_2', amount: 1300 } },
        ],
        captures: [
          {
            kind: 'refused',
            code: 'payment_expired',
            message: 'This payment has expired. Please pay again.',
          },
          captured('pay_2'),
        ],
        writes: [{ kind: 'created', id: 8, booking: null }],
      });
      actor.send({ type: 'payment.upiIdChanged', value: 'asha@okbank' });
      actor.send({ type: 'payment.submit', record, shownAmount: 1100 });
      await waitFor(actor, (s) => s.matches('priceChanged'));
      actor.send({ type: 'payment.submit', record, shownAmount: 1100 });
      await waitFor(actor, (s) => s.matches('editing'));
      expect(actor.getSnapshot().context.attempt?.intent).toBeNull();
      // The intent is gone, the server's last price is still the one shown.
      expect(shown(actor, 1100)).toBe(1200);
      actor.send({ type: 'payment.submit', record, shownAmount: 1100 });
      await waitFor(actor, (s) => !s.hasTag('busy'));
      expect(actor.getSnapshot().value).toBe('priceChanged');
      expect(actor.getSnapshot().context.error?.message).toMatch(/now ₹1,300 \(it was ₹1,200\)/);
      expect(shown(actor, 1100)).toBe(1300);
      expect(calls.captures.map((c) => c.paymentId)).toEqual(['pay_1']);
      actor.send({ type: 'payment.submit', record, shownAmount: 1100 });
      await waitFor(actor, (s) => s.status === 'done');
      expect(calls.captures.map((c) => c.paymentId)).toEqual(['pay_1', 'pay_2']);
      expect(calls.writes.map((w) => w.paymentId)).toEqual(['pay_2']);
    });

    it('a changed record while asked is a new attempt, checked against the page’s new total', async () => {
      const other: PaidRecord = { ...record, booking: { ...record.booking, packageId: 9 } };
      const { actor, calls } = harness({
        intents: [
          { kind: 'intent', intent: { ...intent, amount: 1200 } },
          { kind: 'intent', intent: { ...intent, id: 'pay_2', amount: 2100 } },
        ],
        captures: [captured('pay_2')],
        writes: [{ kind: 'created', id: 9, booking: null }],
      });
      actor.send({ type: 'payment.upiIdChanged', value: 'asha@okbank' });
      actor.send({ type: 'payment.submit', record, shownAmount: 1100 });
      await waitFor(actor, (s) => s.matches('priceChanged'));
      expect(shown(actor, 2100, other)).toBe(2100);
      actor.send({ type: 'payment.submit', record: other, shownAmount: 2100 });
      await waitFor(actor, (s) => s.status === 'done');
      expect(calls.captures.map((c) => c.paymentId)).toEqual(['pay_2']);
      expect(calls.writes).toEqual([{ record: other, paymentId: 'pay_2', idempotencyKey: 'key_2' }]);
    });

    it('while asked, the details can change and invalid ones are refused as in editing', async () => {
      const { actor, calls } = harness({
        intents: [{ kind: 'intent', intent: { ...intent, amount: 1200 } }],
      });
      actor.send({ type: 'payment.methodChanged', method: 'netbanking' });
      actor.send({ type: 'payment.submit', record, shownAmount: 1100 });
      await waitFor(actor, (s) => s.matches('priceChanged'));
      actor.send({ type: 'payment.methodChanged', method: 'card' });
      actor.send({ type: 'payment.cardNumberChanged', value: '12' });
      actor.send({ type: 'payment.upiIdChanged', value: 'asha@okbank' });
      actor.send({ type: 'payment.submit', record, shownAmount: 1100 });
      expect(actor.getSnapshot().value).toBe('priceChanged');
      expect(actor.getSnapshot().context.fieldErrors.cardNumber).toBe('Please enter a valid card number');
      expect(calls.captures).toHaveLength(0);
    });
  });

  describe('cash on delivery when the server’s total is not the one shown (docs/product-rules.md, Payments)', () => {
    const cashOrder: PaidRecord = {
      purpose: 'order',
      order: { address_id: 3, items: [{ product_id: 1, quantity: 1 }] },
      cashOnDelivery: true,
    };
    /** The server's answer to a cash write whose expectedTotal is not its total. */
    const priceChanged = (total: number, was: number): Refused => ({
      kind: 'refused',
      code: PRICE_CHANGED,
      message: `The price has changed since you opened this page: the amount is now ₹${total} (it was ₹${was}).`,
      total,
    });
    const shown = (actor: ReturnType<typeof harness>['actor'], pageTotal: number) =>
      selectAmountToPay(fingerprintOf(cashOrder), pageTotal)(actor.getSnapshot());

    it('writes nothing, tells both amounts, shows the server’s total, and writes at it under a new key only at the next submit', async () => {
      const { actor, calls } = harness({
        writes: [priceChanged(951, 851), { kind: 'created', id: 12, booking: null }],
      });
      actor.send({ type: 'payment.submit', record: cashOrder, shownAmount: 851 });
      await waitFor(actor, (s) => !s.hasTag('busy'));
      expect(selectIsPriceChanged(actor.getSnapshot())).toBe(true);
      expect(actor.getSnapshot().status).toBe('active');
      expect(actor.getSnapshot().context.outcome).toBeNull();
      expect(actor.getSnapshot().context.error).toEqual({
        message:
          'The price has changed since you opened this page: the amount is now ₹951 (it was ₹851). ' +
          'Check it and place the order, or go back.',
        code: PRICE_CHANGED,
      });
      expect(shown(actor, 851)).toBe(951);

      // The page's own total is still 851; its Total says ₹951, which the next submit agrees to.
      actor.send({ type: 'payment.submit', record: cashOrder, shownAmount: 851 });
      expect(actor.getSnapshot().context.error).toBeUndefined();
      await waitFor(actor, (s) => s.status === 'done');
      expect(actor.getSnapshot().output).toEqual({ kind: 'created', id: 12, booking: null });
      expect(calls.intents).toHaveLength(0);
      expect(calls.writes).toEqual([
        { record: cashOrder, paymentId: null, idempotencyKey: 'key_1', expectedTotal: 851 },
        { record: cashOrder, paymentId: null, idempotencyKey: 'key_2', expectedTotal: 951 },
      ]);
    });

    it('a price that changes again before the next submit is told again, with the amount last shown', async () => {
      const { actor, calls } = harness({
        writes: [priceChanged(951, 851), priceChanged(1051, 951), { kind: 'created', id: 13, booking: null }],
      });
      actor.send({ type: 'payment.submit', record: cashOrder, shownAmount: 851 });
      await waitFor(actor, (s) => s.matches('priceChanged'));
      actor.send({ type: 'payment.submit', record: cashOrder, shownAmount: 851 });
      await waitFor(actor, (s) => !s.hasTag('busy'));
      expect(actor.getSnapshot().value).toBe('priceChanged');
      expect(actor.getSnapshot().context.error?.message).toMatch(/now ₹1,051 \(it was ₹951\)/);
      expect(shown(actor, 851)).toBe(1051);
      actor.send({ type: 'payment.submit', record: cashOrder, shownAmount: 851 });
      await waitFor(actor, (s) => s.status === 'done');
      expect(calls.writes.map((w) => [w.idempotencyKey, w.expectedTotal])).toEqual([
        ['key_1', 851],
        ['key_2', 951],
        ['key_3', 1051],
      ]);
    });

    it('an unexpected failure after agreeing retries the same request: its key and the total agreed', async () => {
      const { actor, calls } = harness({
        writes: [
          priceChanged(951, 851),
          new Error('Failed to create order'),
          { kind: 'created', id: 14, booking: null },
        ],
      });
      actor.send({ type: 'payment.submit', record: cashOrder, shownAmount: 851 });
      await waitFor(actor, (s) => s.matches('priceChanged'));
      actor.send({ type: 'payment.submit', record: cashOrder, shownAmount: 851 });
      await waitFor(actor, (s) => s.matches('failed'));
      actor.send({ type: 'payment.retry' });
      await waitFor(actor, (s) => s.status === 'done');
      expect(calls.writes.map((w) => [w.idempotencyKey, w.expectedTotal])).toEqual([
        ['key_1', 851],
        ['key_2', 951],
        ['key_2', 951],
      ]);
    });

    it('another cart while told is a new attempt at the page’s new total', async () => {
      const other: PaidRecord = { ...cashOrder, order: { ...cashOrder.order, address_id: 4 } };
      const { actor, calls } = harness({
        writes: [priceChanged(951, 851), { kind: 'created', id: 15, booking: null }],
      });
      actor.send({ type: 'payment.submit', record: cashOrder, shownAmount: 851 });
      await waitFor(actor, (s) => s.matches('priceChanged'));
      expect(selectAmountToPay(fingerprintOf(other), 951)(actor.getSnapshot())).toBe(951);
      actor.send({ type: 'payment.submit', record: other, shownAmount: 951 });
      await waitFor(actor, (s) => s.status === 'done');
      expect(calls.writes[1]).toMatchObject({ record: other, paymentId: null, expectedTotal: 951 });
      expect(calls.writes[1]?.idempotencyKey).not.toBe(calls.writes[0]?.idempotencyKey);
    });

    it('an online write refused as price_changed ends as that refusal (its payment was refunded), not as a question', async () => {
      const refusal: WriteRecordOutput = {
        ...priceChanged(1200, 1100),
        refunded: { paymentId: 'pay_1', amount: 1100 },
      };
      const { actor, calls } = harness({
        intents: [{ kind: 'intent', intent }],
        captures: [captured()],
        writes: [refusal],
      });
      actor.send({ type: 'payment.upiIdChanged', value: 'asha@okbank' });
      actor.send({ type: 'payment.submit', record, shownAmount: 1100 });
      await waitFor(actor, (s) => s.status === 'done');
      expect(actor.getSnapshot().output).toEqual(refusal);
      expect(calls.writes).toEqual([{ record, paymentId: 'pay_1', idempotencyKey: 'key_1' }]);
    });
  });
});
