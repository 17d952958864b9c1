import type { SankalpPuja, SankalpSheetResponse } from '../../../contract/admin/sankalp.ts';
import { sankalpLockAt } from '../../../contract/policy.ts';
import {
  gothraInScript,
  nakshatraInScript,
  nameInScript,
  raashiInScript,
} from '../../../contract/sankalp-script.ts';
import type { TempleScriptName } from '../../../contract/temple-script.ts';
import type { Db } from '../../db/client.ts';
import { bookingsForSankalp } from '../../db/repositories/admin/sankalp.ts';

/**
 * The day's pujas for the priests: each booking's devotees, grouped by puja and package, with
 * each name and gothra also in the temple's script (docs/product-rules.md, The sankalp in the
 * temple's script).
 */
export async function sankalpSheet(db: Db, day: string, now: Date): Promise<SankalpSheetResponse> {
  const { bookings, persons, offerings } = await bookingsForSankalp(db, day);
  const pujas: SankalpPuja[] = [];
  for (const booking of bookings) {
    const script: TempleScriptName = booking.script ?? 'devanagari';
    let puja = pujas.find((p) => p.pujaId === booking.pujaId && p.pujaDate === booking.pujaDate);
    if (!puja) {
      puja = {
        pujaId: booking.pujaId,
        pujaName: booking.pujaName,
        place: booking.pujaPlace,
        pujaDate: booking.pujaDate,
        script,
        packages: [],
      };
      pujas.push(puja);
    }
    let pkg = puja.packages.find((p) => p.packageId === booking.packageId);
    if (!pkg) {
      pkg = { packageId: booking.packageId, title: booking.packageTitle, bookings: [] };
      puja.packages.push(pkg);
    }
    pkg.bookings.push({
      id: booking.id,
      bookingNumber: booking.bookingNumber,
      status: booking.status,
      // Locked, or due to be at the server's next tick: the names go to the priest as they are.
      namesFinal: booking.status !== 'confirmed' || now.getTime() >= sankalpLockAt(booking.pujaDate),
      customerName: booking.customerName,
      persons: persons
        .filter((p) => p.bookingId === booking.id)
        .map((p) => ({
          name: p.name,
          nameInScript: p.nameInScript ?? nameInScript(p.name, script),
          gothra: p.gothra,
          gothraInScript: p.gothraInScript ?? gothraInScript(p.gothra, script),
          nakshatra: p.nakshatra === '' ? null : p.nakshatra,
          nakshatraInScript: p.nakshatra === '' ? null : nakshatraInScript(p.nakshatra, script),
          raashi: p.raashi,
          raashiInScript: raashiInScript(p.raashi, script),
          dateOfBirth: p.dateOfBirth,
          birthTime: p.birthTimeKnown ? p.birthTime : null,
          birthPlace: p.birthPlaceKnown ? p.birthPlace : null,
        })),
      offerings: offerings
        .filter((o) => o.bookingId === booking.id)
        .map((o) => ({
          offeringId: o.offeringId,
          name: o.name,
          unit: o.unit,
          price: o.price,
          quantity: o.quantity,
          delivery: o.delivery,
          amount: o.price * o.quantity,
        })),
      gift:
        booking.isGift === 1
          ? { message: booking.giftMessage ?? '', recipientName: booking.recipientName }
          : null,
    });
  }
  return { date: day, pujas };
}
