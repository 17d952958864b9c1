import type { ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useParams } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { parseNumericId } from '../../../contract/ids.ts';
import type { Refund } from '../../../contract/lifecycle.ts';
import { formatRupees } from '../../../contract/money.ts';
import { policyText } from '../../../contract/policy.ts';
import type { afterSaleMachine } from '../../../machines/after-sale/after-sale.machine.ts';
import {
  selectAction,
  selectActionError,
  selectCanRetry,
  selectDone,
  selectIsSending,
  selectLoadError,
  selectRecord,
  selectStatus,
} from '../../../machines/after-sale/after-sale.selectors.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useDocumentTitle } from '../../lib/page-title.ts';
import { ErrorBanner, Spinner } from '../../ui/status.tsx';
import '../../ui/after-sale/after-sale.css';
import { TitledSection, type TitledSectionProps } from '../../ui/titled-section.tsx';

/**
 * What the order and booking pages after the sale share (docs/product-rules.md, Orders and
 * bookings after the sale): the route by id, the load, the head, the facts, the cards.
 */
export type AfterSaleRef = ActorRefFrom<typeof afterSaleMachine>;

/** /account/{orders,bookings}/{id}: a bad id is the not-found page; each id starts afresh (keyed by the caller). */
export function AfterSaleRoute({
  notFound,
  render,
}: {
  notFound: ReactNode;
  render: (id: number) => ReactNode;
}) {
  const { id = '' } = useParams<{ id: string }>();
  const recordId = parseNumericId(id);
  if (recordId === undefined) return <div className="container page">{notFound}</div>;
  return render(recordId);
}

/** The record's load: the spinner, the not-found page or the banner until it is ready, then the page. */
export function AfterSaleLoad<T>({
  machine,
  id,
  title,
  notFound,
  readFailed,
  loadingLabel,
  render,
}: {
  machine: typeof afterSaleMachine;
  id: number;
  title: (record: T) => string;
  notFound: ReactNode;
  readFailed: string;
  loadingLabel: string;
  render: (page: AfterSaleRef, record: T) => ReactNode;
}) {
  const page = useActorRef(machine, { input: { id } });
  const status = useSelector(page, selectStatus);
  const record = useSelector(page, selectRecord) as T | null;
  const loadError = useSelector(page, selectLoadError);
  const canRetry = useSelector(page, selectCanRetry);
  useDocumentTitle(record ? title(record) : undefined);

  if (status === 'ready' && record) return render(page, record);
  return (
    <div className="container page">
      {status === 'failed' && loadError?.code === 'not_found' ? (
        notFound
      ) : status === 'failed' ? (
        <ErrorBanner
          message={loadError?.message ?? readFailed}
          onRetry={canRetry ? () => page.send({ type: 'record.retry' }) : undefined}
        />
      ) : (
        <Spinner label={loadingLabel} />
      )}
    </div>
  );
}

/** The page's dialogs: which one is open, its error, whether it is sending, and what was last done. */
export function useAfterSaleActions<Request>(page: AfterSaleRef) {
  return {
    action: useSelector(page, selectAction),
    actionError: useSelector(page, selectActionError),
    sending: useSelector(page, selectIsSending),
    done: useSelector(page, selectDone),
    submit: (request: Request) => page.send({ type: 'action.submit', request }),
    close: () => page.send({ type: 'action.close' }),
  };
}

/** The heading and the status pill. */
export function AfterSaleHead({ title, pill }: { title: string; pill: ReactNode }) {
  return (
    <div className="after-sale__head">
      <h1>{title}</h1>
      {pill}
    </div>
  );
}

/** What the last action did, said once (an empty message says nothing). */
export function DoneNote({ message }: { message: string | undefined }) {
  return message ? (
    <p className="after-sale__done" role="status">
      {message}
    </p>
  ) : null;
}

/** A card of the page, named by its heading. */
export const AfterSaleCard = (props: TitledSectionProps) => (
  <TitledSection className="after-sale__card" {...props} />
);

/** The refund as the customer reads it: pending, or back on its way to them. */
export function RefundNote({ refund }: { refund: Refund }) {
  return refund.status === 'refunded' ? (
    <p>
      <strong>Refunded {formatRupees(refund.amount)}</strong> on{' '}
      <time dateTime={refund.refundedAt ?? undefined}>{formatDateTime(refund.refundedAt)}</time>
      {refund.reference ? ` (reference ${refund.reference})` : ''}. It reaches your original payment method
      within {policyText.refundTime}.
    </p>
  ) : (
    <p>
      <strong>Refund of {formatRupees(refund.amount)} pending.</strong> It goes back to your original payment
      method and takes {policyText.refundTime} to arrive.
    </p>
  );
}
