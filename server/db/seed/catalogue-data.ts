import type { NewAstrologer, NewCategory, NewPackage, NewProduct, NewPuja } from '../types.ts';

/** A puja as seeded: dates are days from seeding (null = no date), packages inline. */
export type SeedPuja = Omit<NewPuja, 'pujaDate' | 'startDate' | 'inDemand'> & {
  closesInDays: number | null;
  startsInDays: number | null;
  inDemand: boolean;
  packages: Omit<NewPackage, 'pujaId'>[];
};
export type SeedProduct = Omit<NewProduct, 'categoryId'> & { category: string };
export type SeedAstrologer = Omit<NewAstrologer, 'specializations'> & { specializations: string[] };

export const pujas: SeedPuja[] = [
  {
    pujaName: 'Rudrabhishekam',
    place: 'Sri Kalahasteeswara Temple, Srikalahasti',
    noDevotes: 1240,
    closesInDays: 3,
    startsInDays: 3,
    image: '/images/pujas/rudrabhishekam.svg',
    description: '<p>Abhishekam of Lord&nbsp;Shiva with sacred offerings.</p>',
    inDemand: true,
    benefitTitle1: 'Peace of mind',
    benefitDesc1: 'Calms the mind.',
    benefitTitle2: 'Health',
    benefitDesc2: 'Good health.',
    benefitTitle3: 'Prosperity',
    benefitDesc3: 'Prosperity.',
    benefitTitle4: 'Removal of doshas',
    benefitDesc4: 'Removes doshas.',
    packages: [
      { title: 'Individual', description: 'For one person', noPersons: 1, price: 1100, offerPrice: 851 },
      { title: 'Couple', description: 'For two persons', noPersons: 2, price: 2100, offerPrice: 1551 },
    ],
  },
];

export const categories: NewCategory[] = [
  { category: 'Rudraksha', name: 'Rudraksha beads', imgUrl: '/images/categories/rudraksha.svg' },
];

export const products: SeedProduct[] = [
  {
    name: '5 Mukhi Rudraksha',
    description: '<p>Natural five-faced rudraksha&nbsp;from Nepal.</p>',
    price: 1200,
    offerPrice: 899,
    image: '/images/products/5-mukhi-rudraksha.svg',
    stockQuantity: 40,
    category: 'Rudraksha',
    averageRating: 4.6,
    totalReviews: 128,
  },
];

export const astrologers: SeedAstrologer[] = [
  {
    name: 'Acharya Venkatesh Sharma',
    photo: '/images/astrologers/venkatesh-sharma.svg',
    specializations: ['Vedic Astrology', 'Muhurtham'],
    experience: 18,
    ratePerMinute: 25,
    bio: 'Vedic astrologer.',
  },
];
