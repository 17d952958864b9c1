import {
  staffRecordMachine,
  type StaffRecordEvent,
} from '../../../machines/staff-record/staff-record.machine.ts';
import type { EventFixtures, MachineModel } from './coverage.ts';

const events = {
  'record.retry': [{ type: 'record.retry' }],
  'record.reload': [{ type: 'record.reload' }],
  'action.open': [{ type: 'action.open', action: 'order.ship' }],
  'action.close': [{ type: 'action.close' }],
  'action.submit': [
    { type: 'action.submit', request: { carrier: 'India Post', trackingNumber: 'EK1234IN' } },
  ],
} satisfies EventFixtures<StaffRecordEvent>;

export const staffRecordModel: MachineModel<typeof staffRecordMachine> = {
  name: 'staff-record',
  machine: staffRecordMachine,
  inputs: [{ label: 'order 12 opened in the back office', input: { id: 12 } }],
  events,
  actors: {
    loadRecord: {
      done: [{ id: 12, orderStatus: 'packed' }],
      error: [new Error('Failed to fetch')],
    },
    sendAction: {
      done: [
        { kind: 'updated', record: { id: 12, orderStatus: 'shipped' } },
        { kind: 'refused', message: 'Someone else changed this order', code: 'edit_conflict' },
        { kind: 'refused', message: 'A tracking number is needed' },
      ],
      error: [new Error('Failed to fetch')],
    },
  },
  abstract: ({ context }) => ({
    record: (context.record as { orderStatus?: string } | null)?.orderStatus ?? null,
    loadError: context.loadError,
    action: context.action,
    actionError: context.actionError?.code ?? context.actionError?.message ?? null,
    done: context.done,
  }),
};
