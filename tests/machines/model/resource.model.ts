import { resourceMachine, type ResourceEvent } from '../../../machines/resource/resource.machine.ts';
import type { Refused } from '../../../contract/refusal.ts';
import { bareEvents, type EventFixtures, type MachineModel } from './coverage.ts';

const events = {
  ...bareEvents('resource.retry', 'resource.reload'),
} satisfies EventFixtures<ResourceEvent>;

export const resourceModel: MachineModel<typeof resourceMachine> = {
  name: 'resource',
  machine: resourceMachine,
  inputs: [{ label: 'page opened', input: undefined }],
  events,
  actors: {
    load: {
      done: [{ items: [1, 2, 3] }],
      // No answer (a retry can help) and the server's "not found" (it cannot: Retry is refused).
      error: [
        new Error('Failed to fetch'),
        {
          kind: 'refused',
          code: 'puja_not_found',
          message: 'Puja not found',
          notFound: true,
        } satisfies Refused,
      ],
    },
  },
  abstract: ({ context }) => ({
    data: context.data !== undefined,
    error: context.error !== undefined,
    code: context.error?.code,
  }),
};
