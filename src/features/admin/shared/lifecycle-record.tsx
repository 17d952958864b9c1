import type { ReactNode } from 'react';
import { useMessageResend } from '../../../live/admin.ts';
import { fetchRecordMessages } from '../../../lib/admin/messages.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/page-title.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { ErrorBanner, ResourceView, Spinner } from '../../../ui/status.tsx';
import { RecordTable } from '../parts/list-parts.tsx';
import { messageCells, messagesNow } from './message-parts.tsx';
import { CellRow } from './staff-table.tsx';
import {
  CustomerPanel,
  NextStepPanel,
  ReasonField,
  reasonRequest,
  RecordHead,
  ReferenceField,
  referenceRequest,
  ShipmentFields,
  shipmentRequest,
  StepDialog,
  TimelinePanel,
  type StepPage,
} from '../parts/record-parts.tsx';
import type { AdminTimelineEntry } from '../../../../contract/admin/queues.ts';
import { TitledSection, type TitledSectionProps } from '../../../ui/titled-section.tsx';

/**
 * What the order and booking pages share (docs/product-rules.md, Orders and bookings after the
 * sale): the load, the head with the state, the two columns (next step first, the customer and the
 * timeline beside), and the steps both lifecycles have (ship, cancel, record a refund).
 */
/** A record page until its record is here: the banner with Retry, or the spinner. */
export function RecordLoading({
  page,
  label,
}: {
  page: { loadError: string | null; retry(this: void): void };
  label: string;
}) {
  return page.loadError ? (
    <ErrorBanner message={page.loadError} onRetry={page.retry} />
  ) : (
    <Spinner label={label} />
  );
}

/** The page's title in the tab, once the record is here. */
export const useRecordTitle = (title: string | undefined) =>
  useDocumentTitle(title ? `${title} · Back Office` : undefined);

/** The head: back to the queue, the record's number, when (and what) it is, its state. */
export function LifecycleHead({
  done,
  back,
  title,
  what,
  at,
  pill,
  actions,
}: {
  done: string | null;
  back: [string, string];
  title: string;
  what: string;
  at: string;
  pill: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <RecordHead
      back={back}
      title={title}
      sub={
        <>
          {what} {formatDateTime(at)} · {pill}
        </>
      }
      actions={actions}
      done={done}
    />
  );
}

/**
 * The messages the shop sent about the record (docs/product-rules.md, Messages to customers),
 * oldest first, a failed one with "Send again". Read again after each step the page takes (`key`).
 */
function MessagesPanel({ kind, id }: { kind: 'order' | 'booking'; id: number }) {
  const messages = useResource((signal) => fetchRecordMessages(kind, id, signal));
  const resend = useMessageResend();
  const cells = messageCells(resend);
  return (
    <Panel id={`${kind}-messages`} title="Messages">
      <ResourceView resource={messages} loadingLabel="Loading the messages...">
        {(list) => (
          <RecordTable
            caption={`Messages about this ${kind}`}
            columns={cells.map((cell) => cell.column)}
            empty={list.length === 0 ? 'No messages yet.' : null}
          >
            {messagesNow(resend, list)?.map((message) => (
              <CellRow key={message.id} row={message} cells={cells} />
            ))}
          </RecordTable>
        )}
      </ResourceView>
    </Panel>
  );
}

/** The record's two columns: the next step and the record's own panels; the customer and the timeline. */
export function LifecycleColumns<A extends string>({
  page,
  prefix,
  record,
  known,
  customerTitle,
  whyNot,
  customerNote,
  children,
}: {
  page: { open(this: void, action: A): void };
  prefix: 'order' | 'booking';
  record: {
    id: number;
    allowedEvents: readonly string[];
    customer: Parameters<typeof CustomerPanel>[0]['customer'];
    address: Parameters<typeof CustomerPanel>[0]['address'];
    timeline: readonly AdminTimelineEntry[];
  };
  known: readonly A[];
  customerTitle: string;
  whyNot?: ReactNode;
  customerNote: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="bo-grid bo-grid--two">
      <div>
        <NextStepPanel id={`${prefix}-next`} allowed={record.allowedEvents} known={known} onOpen={page.open}>
          {whyNot}
        </NextStepPanel>
        {children}
        <MessagesPanel key={record.timeline.length} kind={prefix} id={record.id} />
      </div>
      <div>
        <CustomerPanel
          id={`${prefix}-customer`}
          title={customerTitle}
          customer={record.customer}
          address={record.address}
        >
          {customerNote}
        </CustomerPanel>
        <TimelinePanel id={`${prefix}-timeline`} entries={record.timeline} />
      </div>
    </div>
  );
}

/** A panel of the page, named by its heading. */
export const Panel = (props: TitledSectionProps) => <TitledSection className="bo-panel" {...props} />;

type StepProps = { page: StepPage; type: string; description: ReactNode };

/** Ship a parcel: the courier and its tracking number. */
export const ShipDialog = (props: StepProps) => (
  <StepDialog {...props} toRequest={shipmentRequest}>
    <ShipmentFields />
  </StepDialog>
);

/** A step that needs a reason (cancel, reject): red, as it cannot be undone. */
export const ReasonDialog = (props: StepProps) => (
  <StepDialog {...props} toRequest={reasonRequest} danger>
    <ReasonField />
  </StepDialog>
);

/** A refund paid by hand, with its reference. */
export const RefundDialog = ({ page, description }: Omit<StepProps, 'type'>) => (
  <StepDialog page={page} type="refund.completed" description={description} toRequest={referenceRequest}>
    <ReferenceField />
  </StepDialog>
);
