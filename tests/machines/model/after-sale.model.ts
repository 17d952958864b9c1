import type { Refused } from '../../../contract/refusal.ts';
import { afterSaleMachine, type AfterSaleEvent } from '../../../machines/after-sale/after-sale.machine.ts';
import type { EventFixtures, MachineModel } from './coverage.ts';

/** An API error as src/lib/api.ts raises it. */
const apiError = (message: string, status?: number) => Object.assign(new Error(message), { status });

const events = {
  'record.retry': [{ type: 'record.retry' }],
  'action.open': [
    { type: 'action.open', action: 'cancel' },
    { type: 'action.open', action: 'claim' },
  ],
  'action.close': [{ type: 'action.close' }],
  'action.submit': [{ type: 'action.submit', request: { type: 'order.cancel', reason: 'Wrong size' } }],
  'action.completed': [{ type: 'action.completed', record: { id: 7, orderStatus: 'processing' } }],
} satisfies EventFixtures<AfterSaleEvent>;

export const afterSaleModel: MachineModel<typeof afterSaleMachine> = {
  name: 'after-sale',
  machine: afterSaleMachine,
  inputs: [{ label: 'order 7 opened', input: { id: 7 } }],
  events,
  actors: {
    loadRecord: {
      done: [{ id: 7, orderStatus: 'processing' }],
      // No answer (a retry can help) and another customer's order, refused (it cannot).
      error: [
        apiError('Failed to fetch'),
        {
          kind: 'refused',
          code: 'order_not_found',
          message: 'Order not found',
          notFound: true,
        } satisfies Refused,
      ],
    },
    sendAction: {
      done: [
        { kind: 'updated', record: { id: 7, orderStatus: 'refunded' } },
        {
          kind: 'refused',
          message: 'Orders can be cancelled only within 1 hour',
          code: 'lifecycle_window_passed',
        },
      ],
      error: [apiError('Failed to fetch')],
    },
  },
  abstract: ({ context }) => ({
    record: (context.record as { orderStatus?: string } | null)?.orderStatus ?? null,
    loadError: context.loadError?.retryable ?? null,
    action: context.action,
    actionError: context.actionError?.code ?? context.actionError?.message ?? null,
    done: context.done,
  }),
};
