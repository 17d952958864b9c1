import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { Booking } from '../../../contract/booking.ts';
import { formatRupees } from '../../../contract/money.ts';
import { fingerprintOf } from '../../../machines/payment/payment.machine.ts';
import type { PaidRecord } from '../../../machines/payment/payment.actors.ts';
import {
  selectAmountToPay,
  selectIsBusy,
  selectIsPaying,
} from '../../../machines/payment/payment.selectors.ts';
import { livePaymentMachine } from '../../live/payment.ts';
import { PaymentStep as PaymentOptions } from '../../ui/payment-step/payment-step.tsx';
import { ErrorBanner } from '../../ui/status.tsx';

/**
 * Paying a dearer date's difference (docs/product-rules.md, Rescheduling): the payment machine
 * and payment options of checkout and the wizard, for a record of purpose `dateChange`; the
 * server prices it, and moves the booking only once it is captured. A refusal then (the date
 * filled meanwhile) says the difference was refunded.
 */
export function PayDifference({
  bookingId,
  pujaId,
  difference,
  onMoved,
}: {
  bookingId: number;
  pujaId: number;
  difference: number;
  onMoved: (booking: Booking) => void;
}) {
  const payment = useActorRef(livePaymentMachine, { input: {} });
  const [record] = useState<PaidRecord>(() => ({ purpose: 'dateChange', dateChange: { bookingId, pujaId } }));
  const amount = useSelector(payment, selectAmountToPay(fingerprintOf(record), difference));
  const busy = useSelector(payment, selectIsBusy);
  const paying = useSelector(payment, selectIsPaying);
  const outcome = useSelector(payment, (s) => (s.status === 'done' ? s.output : undefined));
  useEffect(() => {
    if (outcome?.kind === 'created' && outcome.booking) onMoved(outcome.booking);
  }, [outcome, onMoved]);
  return (
    <div className="after-sale__pay">
      <PaymentOptions payment={payment} disabled={busy || outcome !== undefined} />
      {outcome?.kind === 'refused' && <ErrorBanner message={outcome.message} />}
      <button
        type="button"
        className="button button--primary"
        disabled={busy || outcome !== undefined}
        aria-busy={busy || undefined}
        onClick={() => payment.send({ type: 'payment.submit', record, shownAmount: amount })}
      >
        {paying ? 'Processing payment...' : busy ? 'Moving...' : `Pay ${formatRupees(amount)} and move`}
      </button>
    </div>
  );
}
