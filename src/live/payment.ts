import { fromPromise } from 'xstate';
import type * as Payment from '../../machines/payment/payment.actors.ts';
import { paymentMachine } from '../../machines/payment/payment.machine.ts';
import { capturePayment, createPaymentIntent, writePaidRecord } from '../lib/payments.ts';

/** The payment machine with the real API calls: supplied once, here, to checkout and the wizard. */
export const livePaymentMachine = paymentMachine.provide({
  actors: {
    createIntent: fromPromise<Payment.CreateIntentOutput, Payment.CreateIntentInput>(({ input, signal }) =>
      createPaymentIntent(input, signal),
    ),
    capture: fromPromise<Payment.CaptureOutput, Payment.CaptureInput>(({ input, signal }) =>
      capturePayment(input, signal),
    ),
    writeRecord: fromPromise<Payment.WriteRecordOutput, Payment.WriteRecordInput>(({ input, signal }) =>
      writePaidRecord(input, signal),
    ),
  },
});
