import { resourceMachine, type ResourceEvent } from '../../../machines/resource/resource.machine.ts';
import type { EventFixtures, MachineModel } from './coverage.ts';

const events = {
  'resource.retry': [{ type: 'resource.retry' }],
  'resource.reload': [{ type: 'resource.reload' }],
} satisfies EventFixtures<ResourceEvent>;

export const resourceModel: MachineModel<typeof resourceMachine> = {
  name: 'resource',
  machine: resourceMachine,
  inputs: [{ label: 'page opened', input: undefined }],
  events,
  actors: {
    load: { done: [{ items: [1, 2, 3] }], error: [new Error('Failed to fetch')] },
  },
  abstract: ({ context }) => ({ data: context.data !== undefined, error: context.error !== undefined }),
};
