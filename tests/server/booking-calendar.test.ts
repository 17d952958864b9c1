/**
 * "Add to calendar" (docs/product-rules.md, The puja in the calendar): the .ics of a booking,
 * parsed back with a second iCalendar implementation (Mozilla's ical.js).
 */
import ICAL from 'ical.js';
import {
  bookingCalendar,
  bookingPagePath,
  PUJA_CALENDAR_MINUTES,
  reminderAt,
  type CalendarBooking,
} from '../../server/services/booking-calendar.ts';

const booking: CalendarBooking = {
  id: 7,
  bookingNumber: 'PUJ-20261122-000007',
  // 6:53 pm in India.
  puja: {
    pujaName: 'Rahu-Ketu Sarpa Dosha Puja',
    place: 'Sri Kalahasteeswara Temple, Srikalahasti',
    pujaDate: '2026-11-23T13:23:00.000Z',
  },
  package: { title: 'Family (4 persons)' },
  persons: [{ name: 'Lakshmi Narayanan' }, { name: 'Geetha; Rao' }],
};
const options = { publicUrl: 'https://divyapujaseva.in/', brand: 'Divya Puja Seva' };

/** The one VEVENT of an .ics text, through ical.js. */
function parse(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics) as unknown[]);
  const events = calendar.getAllSubcomponents('vevent');
  expect(events).toHaveLength(1);
  const vevent = events[0]!;
  const alarms = vevent.getAllSubcomponents('valarm');
  return { calendar, vevent, event: new ICAL.Event(vevent), alarms };
}

describe('bookingCalendar', () => {
  const ics = bookingCalendar(booking, options);

  it('is one valid iCalendar event with CRLF lines of at most 75 octets', () => {
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);
    const { calendar } = parse(ics);
    expect(calendar.getFirstPropertyValue('prodid')).toBe('Divya Puja Seva//Puja bookings//EN');
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
  });

  it('holds the puja, the temple and its time: 6:53 pm IST, an hour long', () => {
    const { event, vevent } = parse(ics);
    expect(event.summary).toBe('Rahu-Ketu Sarpa Dosha Puja (Divya Puja Seva)');
    expect(event.location).toBe('Sri Kalahasteeswara Temple, Srikalahasti');
    expect(event.uid).toBe('booking-7@divyapujaseva.in');
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-11-23T13:23:00.000Z');
    expect(event.startDate.toJSDate().getTime() + 5.5 * 3600_000).toBe(Date.UTC(2026, 10, 23, 18, 53));
    expect(event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime()).toBe(
      PUJA_CALENDAR_MINUTES * 60_000,
    );
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
  });

  it('links back to the booking page and says the time in IST', () => {
    const { event, vevent } = parse(ics);
    const link = 'https://divyapujaseva.in/#/account/bookings/7';
    expect(vevent.getFirstPropertyValue('url')).toBe(link);
    expect(event.description.split('\n')).toEqual([
      'Rahu-Ketu Sarpa Dosha Puja at Sri Kalahasteeswara Temple, Srikalahasti, Mon, 23 Nov 2026, 6:53 pm IST.',
      'Package: Family (4 persons).',
      'Sankalp for: Lakshmi Narayanan, Geetha; Rao.',
      `Booking PUJ-20261122-000007: ${link}`,
    ]);
    expect(bookingPagePath(7)).toBe('/#/account/bookings/7');
  });

  it('reminds at 18:00 IST the evening before', () => {
    const { alarms } = parse(ics);
    expect(alarms).toHaveLength(1);
    const alarm = alarms[0]!;
    expect(alarm.getFirstPropertyValue('action')).toBe('DISPLAY');
    const trigger = alarm.getFirstPropertyValue('trigger') as ICAL.Time;
    expect(trigger.toJSDate().toISOString()).toBe('2026-11-22T12:30:00.000Z');
    expect(alarm.getFirstPropertyValue('description')).toBe(
      'Tomorrow: Rahu-Ketu Sarpa Dosha Puja at Sri Kalahasteeswara Temple, Srikalahasti, Mon, 23 Nov 2026, 6:53 pm IST',
    );
  });

  it('writes the same puja time and reminder whatever time zone the server runs in', () => {
    const was = process.env.TZ;
    const instants = (text: string) => {
      const { event, alarms } = parse(text);
      const trigger = alarms[0]!.getFirstPropertyValue('trigger') as ICAL.Time;
      return [event.startDate.toJSDate().toISOString(), trigger.toJSDate().toISOString()];
    };
    try {
      for (const zone of ['UTC', 'Asia/Kolkata', 'America/Los_Angeles']) {
        // Node reads TZ again when it changes: Date's local time is now this zone's.
        process.env.TZ = zone;
        expect(new Date(0).getTimezoneOffset(), zone).toBe(
          zone === 'UTC' ? 0 : zone === 'Asia/Kolkata' ? -330 : 480,
        );
        expect(instants(bookingCalendar(booking, options)), zone).toEqual([
          '2026-11-23T13:23:00.000Z',
          '2026-11-22T12:30:00.000Z',
        ]);
      }
    } finally {
      if (was === undefined) delete process.env.TZ;
      else process.env.TZ = was;
    }
  });

  it('takes the day before in India, whatever the UTC date', () => {
    // 5:00 am IST on 1 Jan 2027 is still 31 Dec in UTC: the reminder is 31 Dec, 6 pm IST.
    expect(new Date(reminderAt(Date.parse('2026-12-31T23:30:00Z'))).toISOString()).toBe(
      '2026-12-31T12:30:00.000Z',
    );
    // 11:30 pm IST on 1 Mar 2028 (a leap year): the reminder is 29 Feb, 6 pm IST.
    expect(new Date(reminderAt(Date.parse('2028-03-01T18:00:00Z'))).toISOString()).toBe(
      '2028-02-29T12:30:00.000Z',
    );
  });

  it('leaves out what the booking does not have, and refuses a booking without a puja date', () => {
    const bare = parse(
      bookingCalendar(
        { id: 8, bookingNumber: 'PUJ-1', puja: booking.puja },
        { ...options, publicUrl: 'http://localhost:3000' },
      ),
    );
    expect(bare.event.description).toBe(
      'Rahu-Ketu Sarpa Dosha Puja at Sri Kalahasteeswara Temple, Srikalahasti, Mon, 23 Nov 2026, 6:53 pm IST.\n' +
        'Booking PUJ-1: http://localhost:3000/#/account/bookings/8',
    );
    expect(() =>
      bookingCalendar({ ...booking, puja: { ...booking.puja, pujaDate: 'soon' } }, options),
    ).toThrow('no valid puja date');
  });
});
