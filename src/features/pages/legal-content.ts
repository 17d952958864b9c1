import { policyText } from '../../../contract/policy.ts';
import { site } from '../../lib/config.ts';

export interface LegalDocument {
  title: string;
  sections: Array<{ heading: string; paragraphs: string[] }>;
}

/** The date every policy carries (docs/product-rules.md, Legal pages' policy figures). */
export const POLICY_DATE = '23-06-2025';

const b = site.brand;

export const terms: LegalDocument = {
  title: 'Terms & Conditions',
  sections: [
    {
      heading: 'Who may use this site',
      paragraphs: [
        `You must be at least 18 years old to book a puja, place an order or consult an astrologer through ${b}.`,
        'Children under 13 are not allowed to use the site or the app, even with supervision.',
      ],
    },
    {
      heading: 'Bookings and orders',
      paragraphs: [
        'A puja booking is confirmed once full advance payment is received. Full advance payment is required for every puja and every order.',
        'The temple performs the puja on the scheduled date in the names and gothras you provide. Please check these details before you pay.',
      ],
    },
    {
      heading: 'Astrology consultations',
      paragraphs: [
        'Consultations take place in our mobile app. Paid consultations start at INR 100.',
        'Free consultations are offered to new users only, once per account.',
        'Astrological guidance is offered in good faith and is not a substitute for medical, legal or financial advice.',
      ],
    },
    {
      heading: 'Payments',
      paragraphs: [
        'Prices include taxes unless stated otherwise.',
        `If you are charged twice for the same booking or order, report the double charge within ${policyText.doubleChargeWindow} so we can reverse it.`,
      ],
    },
  ],
};

export const privacy: LegalDocument = {
  title: 'Privacy Policy',
  sections: [
    {
      heading: 'What we collect',
      paragraphs: [
        'Your name, e-mail address, phone number and delivery addresses; for pujas, the names, dates, times and places of birth, raashi, nakshatra and gothra of the persons the puja is performed for.',
      ],
    },
    {
      heading: 'How we use it',
      paragraphs: [
        'Only to perform the pujas you book, deliver the products you order, and answer your questions. We do not sell your data.',
        'Birth details are shared with the officiating priests and, for consultations, with the astrologer you choose.',
      ],
    },
    {
      heading: 'Children',
      paragraphs: [
        'Our services are meant for adults aged 18 and over. We do not knowingly collect data from children under 13.',
      ],
    },
    {
      heading: 'Your choices',
      paragraphs: [`Write to ${site.supportEmail} to see, correct or delete the data we hold about you.`],
    },
  ],
};

export const refund: LegalDocument = {
  title: 'Refund Policy',
  sections: [
    {
      heading: 'Pujas and consultations',
      paragraphs: [
        `Refund requests made within ${policyText.cancelWindow} of payment or booking may be considered. After that, the temple has usually prepared the puja and the booking cannot be cancelled.`,
        `You can cancel a booking yourself on its page within ${policyText.cancelWindow} of payment, until the sankalp is locked ${policyText.sankalpLock} before the puja; until then you can also correct the names and details. An order can be cancelled within ${policyText.cancelWindow} of being placed, before it ships.`,
        'If the temple cannot perform your puja, choose another date for the same puja or a full refund.',
      ],
    },
    {
      heading: 'Damaged products',
      paragraphs: [
        `If a product arrives damaged, send us photographs or a video of the item and its packaging within ${policyText.damageClaimWindow} of delivery (Report damage, on the order's page). Evidence received later cannot be accepted.`,
      ],
    },
    {
      heading: 'Double charges',
      paragraphs: [
        `Report a double charge within ${policyText.doubleChargeWindow} of payment; the extra amount is refunded in full.`,
      ],
    },
    {
      heading: 'How refunds are paid',
      paragraphs: [
        `Approved refunds are paid to the original payment method and take ${policyText.refundTime} to reach you.`,
      ],
    },
  ],
};

export const pricing: LegalDocument = {
  title: 'Pricing Policy',
  sections: [
    {
      heading: 'Prices',
      paragraphs: [
        'All prices are in Indian rupees (INR). Prices include taxes unless stated otherwise.',
        'Puja packages are priced per package, for the number of persons the package covers.',
        'Astrology consultations start at INR 100; the astrologer’s rate per minute is shown before you start.',
      ],
    },
    {
      heading: 'Payment',
      paragraphs: [
        'Full advance payment is required for pujas and consultations. Products can be paid online or with cash on delivery where offered.',
        'Free consultations are for new users only.',
      ],
    },
    {
      heading: 'Shipping',
      paragraphs: [
        'Shipping is free on product orders over ₹1,000; smaller orders carry a ₹100 delivery charge.',
      ],
    },
  ],
};

export const disclaimer: LegalDocument = {
  title: 'Disclaimer',
  sections: [
    {
      heading: 'Spiritual services',
      paragraphs: [
        'Pujas, remedies and astrological guidance are offered according to tradition and in good faith. Results depend on many factors and cannot be guaranteed.',
        'Nothing on this site is medical, legal or financial advice.',
      ],
    },
    {
      heading: 'Products',
      paragraphs: [
        'Natural products such as rudraksha and gemstones vary in size, colour and shape; pictures are representative.',
      ],
    },
    {
      heading: 'Age',
      paragraphs: [
        'Our services are for adults aged 18 and over; children under 13 are not allowed to use them.',
      ],
    },
  ],
};

/** Every legal path, both sets (docs/product-rules.md, Routes and pages) plus the register screen's /terms and /privacy. */
export const legalDocuments: Record<string, LegalDocument> = {
  '/termsconditions': terms,
  '/terms-and-conditions': terms,
  '/terms': terms,
  '/privacypolicy': privacy,
  '/privacy-policy': privacy,
  '/privacy': privacy,
  '/pricingpolicy': pricing,
  '/refundpolicy': refund,
  '/refund-policy': refund,
  '/disclaimer': disclaimer,
};

/** The cross-links inside the legal pages use the hyphenated set, as the original site does. */
export const legalCrossLinks = [
  ['/terms-and-conditions', 'Terms & Conditions'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/refund-policy', 'Refund Policy'],
  ['/pricingpolicy', 'Pricing Policy'],
  ['/disclaimer', 'Disclaimer'],
] as const;
