/**
 * The back office's names for the fields of what staff edit (docs/decisions/0063): the edit forms
 * label their fields with these, and the audit log names a changed field with the same words, in
 * its table and in its summaries ("Edited the package “Family”: Offer price (₹)"). Fields a form
 * does not show (counts, dates kept by the server) have their own words here too; the version a
 * save carries is bookkeeping, never shown.
 */

const benefits = Object.fromEntries(
  [1, 2, 3, 4].flatMap((n) => [
    [`benefitTitle${n}`, `Benefit ${n}`],
    [`benefitDesc${n}`, `Benefit ${n}: description`],
  ]),
);

export const fieldLabels = {
  puja: {
    pujaName: 'Name',
    place: 'Temple and place',
    pujaDate: 'Puja date and time (IST)',
    startDate: 'Bookings open (IST, optional)',
    script: 'Script of the sankalp',
    inDemand: 'In demand (shown with a badge)',
    image: 'Image',
    description: 'Description',
    capacity: 'Places at the temple',
    maxPerAccount: 'Bookings per devotee',
    templeName: 'Temple',
    performedBy: 'Performed by',
    authorisedBy: 'Authorised by',
    authorisationRef: 'Authorisation reference',
    authorisationDate: 'Authorisation date',
    authorisationImageId: 'Photo of the authorisation',
    ...benefits,
  },
  package: {
    title: 'Title',
    noPersons: 'Persons',
    price: 'Price (₹)',
    offerPrice: 'Offer price (₹)',
    description: 'Description',
  },
  product: {
    name: 'Name',
    categoryId: 'Category',
    price: 'Price, M.R.P (₹)',
    offerPrice: 'Selling price (₹)',
    image: 'Image',
    description: 'Description',
  },
  category: { name: 'Name', category: 'Key', imgUrl: 'Image' },
  astrologer: {
    name: 'Name',
    specializations: 'Specializations',
    experience: 'Experience (years)',
    ratePerMinute: 'Rate per minute (₹)',
    photo: 'Photo',
    bio: 'Bio',
  },
  coupon: {
    code: 'Code',
    kind: 'Discount',
    value: 'Percentage or amount',
    maxDiscount: 'Cap for a percentage (₹, optional)',
    minSubtotal: 'Minimum subtotal (₹)',
    active: 'Active',
    startsAt: 'Valid from (IST, optional)',
    expiresAt: 'Valid until (IST, optional)',
    usageLimit: 'Uses in all (optional)',
    perCustomerLimit: 'Uses per customer (optional)',
  },
} as const satisfies Record<string, Record<string, string>>;

/** Fields of any record that no form edits. */
const recordLabels: Record<string, string> = {
  id: 'Number',
  createdAt: 'Created',
  updatedAt: 'Updated',
  retiredAt: 'Retired',
  bookingCount: 'Bookings',
  productCount: 'Products in the shop',
  packageCount: 'Packages',
  stockQuantity: 'Stock',
  category: 'Category',
  timesUsed: 'Times used',
  status: 'Status',
  orderStatus: 'Status',
  paymentStatus: 'Payment',
  carrier: 'Carrier',
  trackingNumber: 'Tracking number',
  reason: 'Reason',
  note: 'Note',
  reference: 'Reference',
  email: 'E-mail',
  role: 'Role',
  quantity: 'Quantity',
  name: 'Name',
  unit: 'Unit',
  description: 'Description',
};

/** Fields never shown in the audit log: a save's version is bookkeeping. */
export const HIDDEN_AUDIT_FIELDS: readonly string[] = ['version'];

/** "offerPrice" as words when no list names it: "Offer price". */
const words = (field: string) => {
  const spaced = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

/** The words for a field of an entity (an audit entry's `entity`), the form's label first. */
export function fieldLabel(entity: string, field: string): string {
  const forEntity = (fieldLabels as Record<string, Record<string, string>>)[entity];
  return forEntity?.[field] ?? recordLabels[field] ?? words(field);
}
