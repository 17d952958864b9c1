import { Link } from 'wouter';
import type { AdminMessagePageResponse } from '../../../../contract/admin/messages.ts';
import { messageStatusLabels } from '../../../../contract/message-labels.ts';
import { liveListMachine, useMessageResend, useStaffList } from '../../../live/admin.ts';
import { fetchStaffMessages } from '../../../lib/admin/messages.ts';
import { ListHead, StatusTabs, useUrlQuery } from '../parts/list-parts.tsx';
import { messageCells, messagesNow } from '../shared/message-parts.tsx';
import { StaffTable } from '../shared/staff-table.tsx';

const messagesMachine = liveListMachine<AdminMessagePageResponse>(fetchStaffMessages);

/** The statuses the page filters by; the failed ones first, as Today's count opens them. */
const FILTER = ['failed', 'queued', 'sent'] as const;

/**
 * The customers' messages (docs/product-rules.md, Messages to customers): the failed ones unless
 * the filter asks for the queued or the sent, newest first, each with where it went (masked),
 * the record it is about, its tries and last error, and "Send again" for a failed one.
 */
export function MessagesPage() {
  const list = useStaffList(messagesMachine, { status: 'failed', ...useUrlQuery() });
  const resend = useMessageResend();
  const { query, data } = list;
  return (
    <>
      <ListHead title="Messages" sub="What the shop sent its customers, and what could not be sent.">
        <Link href="/admin/messages/templates" className="button">
          Preview the templates
        </Link>
      </ListHead>
      <StatusTabs states={FILTER} labels={messageStatusLabels} list={list} withAll={false} />
      <StaffTable
        list={list}
        noun="messages"
        rows={messagesNow(resend, data?.messages)}
        cells={messageCells(resend, true)}
        empty={`No ${(messageStatusLabels[query.status as (typeof FILTER)[number]] ?? '').toLowerCase()} messages.`}
      />
    </>
  );
}
