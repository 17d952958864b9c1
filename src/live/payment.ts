import { fromPromise } from 'xstate';
import type {
  CaptureInput,
  CaptureOutput,
  CreateIntentInput,
  CreateIntentOutput,
  WriteRecordInput,
  WriteRecordOutput,
} from '../../machines/payment/payment.actors.ts';
import { paymentMachine } from '../../machines/payment/payment.machine.ts';
import { capturePayment, createPaymentIntent, writePaidRecord } from '../lib/payments.ts';

/** The payment machine with the real API calls: supplied once, here, to checkout and the wizard. */
export const livePaymentMachine = paymentMachine.provide({
  actors: {
    createIntent: fromPromise<CreateIntentOutput, CreateIntentInput>(({ input, signal }) =>
      createPaymentIntent(input, signal),
    ),
    capture: fromPromise<CaptureOutput, CaptureInput>(({ input, signal }) => capturePayment(input, signal)),
    writeRecord: fromPromise<WriteRecordOutput, WriteRecordInput>(({ input, signal }) =>
      writePaidRecord(input, signal),
    ),
  },
});
