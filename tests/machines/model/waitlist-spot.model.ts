import type { BookingDraftPayload } from '../../../contract/booking.ts';
import type { WaitlistEntry } from '../../../contract/waitlist.ts';
import {
  waitlistSpotMachine,
  type WaitlistSpotEvent,
} from '../../../machines/waitlist-spot/waitlist-spot.machine.ts';
import type { EventFixtures, MachineModel } from './coverage.ts';

/** What the wizard hands over when the devotee joins: one person, a saved address. */
const draft: BookingDraftPayload = {
  pujaId: 12,
  packageId: 30,
  persons: [
    {
      name: 'Asha Rao',
      gothra: 'Kashyapa',
      nakshatra: '',
      raashi: '',
      dateOfBirth: '',
      birthTime: '',
      birthPlace: '',
      birthTimeNotKnown: true,
      birthPlaceNotKnown: true,
    },
  ],
  addressId: 5,
  offerings: [],
  gift: null,
};

const waiting: WaitlistEntry = {
  id: 4,
  pujaId: 12,
  pujaName: 'Sarpa Samskara',
  pujaDate: '2026-12-20T00:30:00.000Z',
  status: 'waiting',
  position: 3,
  offerExpiresAt: null,
  bookingId: null,
  createdAt: '2026-12-01T04:00:00.000Z',
  draft: { pujaId: 12, packageId: 30, persons: [], addressId: 5, offerings: [], gift: null },
};
const left: WaitlistEntry = { ...waiting, status: 'left', position: null };

const events = {
  'waitlist.join': [{ type: 'waitlist.join', draft }],
  'waitlist.leave': [{ type: 'waitlist.leave' }],
} satisfies EventFixtures<WaitlistSpotEvent>;

export const waitlistSpotModel: MachineModel<typeof waitlistSpotMachine> = {
  name: 'waitlist-spot',
  machine: waitlistSpotMachine,
  inputs: [
    { label: 'a full date in the wizard', input: { entry: null } },
    { label: 'an entry in the account', input: { entry: waiting } },
  ],
  events,
  actors: {
    join: {
      done: [
        { kind: 'entry', entry: waiting },
        { kind: 'refused', code: 'waitlist_not_full', message: 'This date still has places: please book it' },
      ],
      error: [new Error('Failed to fetch')],
    },
    leave: {
      done: [
        { kind: 'entry', entry: left },
        { kind: 'refused', code: 'waitlist_not_found', message: 'Waitlist entry not found' },
      ],
      error: [new Error('Failed to fetch')],
    },
  },
  abstract: ({ context }) => ({ entry: context.entry?.status ?? null, error: context.error !== null }),
};
