/**
 * The couriers the shop ships with, and where a customer tracks a parcel on each
 * (docs/product-rules.md, Orders and bookings after the sale; docs/decisions/0064). The one
 * list: the back office's ship dialogs offer it, the server reads a carrier's name through it,
 * and the customer's order and booking pages link "Track your parcel" from it. A courier that
 * moves its tracking page is corrected here, once.
 */

export interface Carrier {
  /** The name staff pick and the customer reads. */
  readonly name: string;
  /** The tracking page, `{number}` standing for the tracking number (URL-encoded). */
  readonly trackingUrl: string;
}

export const CARRIERS: readonly Carrier[] = [
  {
    name: 'India Post',
    trackingUrl:
      'https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx?consignment={number}',
  },
  { name: 'Delhivery', trackingUrl: 'https://www.delhivery.com/track/package/{number}' },
  {
    name: 'Blue Dart',
    trackingUrl: 'https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo={number}',
  },
  { name: 'DTDC', trackingUrl: 'https://www.dtdc.in/tracking.asp?strCnno={number}' },
  { name: 'Ekart', trackingUrl: 'https://ekartlogistics.com/shipmenttrack/{number}' },
  { name: 'Xpressbees', trackingUrl: 'https://www.xpressbees.com/shipment/tracking?awbNo={number}' },
  { name: 'Shiprocket', trackingUrl: 'https://shiprocket.co/tracking/{number}' },
  { name: 'Professional Couriers', trackingUrl: 'https://www.tpcindia.com/Tracking2014.aspx?id={number}' },
];

/** The ship dialogs' choice for a courier not on the list: its name is typed instead. */
export const OTHER_CARRIER = 'Other';

const key = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');

/** The listed carrier of this name, whatever its case or spacing ("blue  dart" is Blue Dart). */
export function findCarrier(name: string): Carrier | undefined {
  const wanted = key(name);
  return CARRIERS.find((carrier) => key(carrier.name) === wanted);
}

/** The name as the shop keeps it: a listed carrier's own spelling, any other name as typed (trimmed). */
export function carrierName(name: string): string {
  return findCarrier(name)?.name ?? name.trim();
}

/** Where the customer follows this parcel; null for a carrier not on the list. */
export function trackingUrl(carrier: string, trackingNumber: string): string | null {
  const found = findCarrier(carrier);
  if (!found) return null;
  return found.trackingUrl.replace('{number}', encodeURIComponent(trackingNumber.replace(/\s+/g, '')));
}
