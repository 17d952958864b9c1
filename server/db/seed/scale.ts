import type { Db } from '../client.ts';
import type { NewPackage, NewProduct, NewPuja } from '../catalogue-types.ts';
import { scriptForPlace } from '../../../contract/admin/pujas.ts';
import { countOf } from '../queries.ts';

/**
 * A large, realistic catalogue for the benchmark (`npm run seed:scale -- 10000`): products made
 * from the demo catalogue's kinds of goods in many sizes, origins and finishes, and one puja for
 * every ten products at the demo's temples, dated over the coming year, each with one to four
 * packages. Deterministic (a seeded generator), so two runs make the same catalogue.
 */

const DAY = 24 * 60 * 60 * 1000;
const BATCH = 500;

const goods = [
  { kind: 'Rudraksha', image: '/images/products/5-mukhi-rudraksha.svg', price: [400, 9000] },
  { kind: 'Sri Yantra', image: '/images/products/sri-yantra-copper.svg', price: [300, 6000] },
  { kind: 'Japa Mala', image: '/images/products/tulsi-mala.svg', price: [200, 3000] },
  { kind: 'Gemstone', image: '/images/products/yellow-sapphire.svg', price: [1500, 60000] },
  { kind: 'Brass Idol', image: '/images/products/brass-ganesha.svg', price: [600, 15000] },
  { kind: 'Puja Kit', image: '/images/products/panchapatra-set.svg', price: [250, 2500] },
  { kind: 'Stotra Book', image: '/images/products/lalitha-sahasranamam-book.svg', price: [120, 900] },
] as const;
const finishes = ['Natural', 'Energised', 'Silver-capped', 'Temple-blessed', 'Hand-polished', 'Antique'];
const origins = ['Nepal', 'Java', 'Kanchipuram', 'Madurai', 'Thanjavur', 'Haridwar', 'Udupi', 'Kashi'];
const sizes = ['Small', 'Medium', 'Large', 'Pocket', 'Altar', 'Travel'];

const temples = [
  {
    place: 'Srikalahasti, Andhra Pradesh',
    deity: 'Rahu Ketu',
    image: '/images/pujas/rahu-ketu-puja-srikalahasti.svg',
  },
  {
    place: 'Tiruvannamalai, Tamil Nadu',
    deity: 'Arunachaleswara',
    image: '/images/pujas/sahasranama-srirangam.svg',
  },
  { place: 'Kollur, Karnataka', deity: 'Mookambika', image: '/images/pujas/saraswati-homam-kollur.svg' },
  { place: 'Madurai, Tamil Nadu', deity: 'Meenakshi', image: '/images/pujas/thirukalyanam-madurai.svg' },
  { place: 'Guruvayur, Kerala', deity: 'Guruvayurappan', image: '/images/pujas/udayasthamana-guruvayur.svg' },
  {
    place: 'Kukke Subramanya, Karnataka',
    deity: 'Subramanya',
    image: '/images/pujas/ashlesha-bali-kukke.svg',
  },
];
const rites = ['Abhishekam', 'Homam', 'Archana', 'Kalyanam', 'Deepa Aradhana', 'Shanti Puja'];

/** A small seeded generator (mulberry32): the same catalogue every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface ScaleCounts {
  products: number;
  pujas: number;
}

/** Adds products and pujas until the catalogue holds `target` of each; returns how many it added. */
export async function seedScale(db: Db, target: ScaleCounts, now: Date = new Date()): Promise<ScaleCounts> {
  const rand = random(20261124);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
  const count = (table: 'product' | 'puja') => countOf(db.selectFrom(table));
  const categories = await db.selectFrom('category').select(['id', 'category']).execute();
  if (categories.length === 0) throw new Error('Seed the demo catalogue first: it makes the categories.');

  const productsToAdd = Math.max(0, target.products - (await count('product')));
  for (let done = 0; done < productsToAdd; done += BATCH) {
    const rows: NewProduct[] = [];
    for (let i = done; i < Math.min(productsToAdd, done + BATCH); i++) {
      const good = pick(goods);
      const [low, high] = good.price;
      const price = Math.round((low + rand() * (high - low)) / 10) * 10 + 9;
      const name = `${pick(finishes)} ${good.kind} (${pick(origins)}, ${pick(sizes)}) No. ${i + 1}`;
      rows.push({
        name,
        description: `<p>${name}: chosen by our priests and sent with a certificate of authenticity.</p><ul><li>Packed by hand</li><li>Ships in 2-4 days</li></ul>`,
        price,
        offerPrice: Math.round(price * (0.7 + rand() * 0.3)),
        image: good.image,
        stockQuantity: rand() < 0.05 ? 0 : Math.floor(rand() * 200),
        categoryId: pick(categories).id,
        averageRating: Math.round((3 + rand() * 2) * 10) / 10,
        totalReviews: Math.floor(rand() * 800),
      });
    }
    const inserted = await db.insertInto('product').values(rows).returning(['id', 'stockQuantity']).execute();
    // Each product's stock opens its ledger (docs/decisions/0033-stock-is-a-ledger.md).
    const opening = inserted
      .filter((p) => p.stockQuantity > 0)
      .map((p) => ({
        productId: p.id,
        quantity: p.stockQuantity,
        reason: 'opening' as const,
        balance: p.stockQuantity,
        at: now.toISOString(),
      }));
    if (opening.length) await db.insertInto('stockLedger').values(opening).execute();
  }

  const pujasToAdd = Math.max(0, target.pujas - (await count('puja')));
  for (let done = 0; done < pujasToAdd; done += BATCH) {
    const rows: NewPuja[] = [];
    for (let i = done; i < Math.min(pujasToAdd, done + BATCH); i++) {
      const temple = pick(temples);
      const daysAhead = 1 + Math.floor(rand() * 365);
      const benefit = (n: number) => ({
        [`benefitTitle${n}`]: ['Peace', 'Prosperity', 'Health', 'Protection'][n - 1],
        [`benefitDesc${n}`]: `The ${temple.deity} ${['blessing', 'grace', 'protection', 'favour'][n - 1]} for your family.`,
      });
      rows.push({
        pujaName: `${temple.deity} ${pick(rites)} No. ${i + 1}`,
        place: temple.place,
        noDevotes: Math.floor(rand() * 5000),
        pujaDate: new Date(now.getTime() + daysAhead * DAY).toISOString(),
        startDate: new Date(now.getTime() - 7 * DAY).toISOString(),
        image: temple.image,
        description: `<p>Performed at ${temple.place} in your family's name, with the sankalp read by the temple's priests.</p>`,
        inDemand: rand() < 0.1 ? 1 : 0,
        script: scriptForPlace(temple.place),
        // Every puja in the shop carries its temple's authorisation (docs/decisions/0078).
        templeName: temple.place.split(',')[0],
        performedBy: "the temple's priests",
        authorisedBy: 'the Temple Executive Office',
        authorisationRef: `SCALE/SEVA/${i + 1}`,
        authorisationDate: new Date(now.getTime() - 30 * DAY).toISOString().slice(0, 10),
        ...benefit(1),
        ...benefit(2),
        ...benefit(3),
        ...benefit(4),
      } as NewPuja);
    }
    const inserted = await db.insertInto('puja').values(rows).returning('id').execute();
    const packages: NewPackage[] = inserted.flatMap(({ id }) => {
      const base = 500 + Math.floor(rand() * 40) * 50;
      return [1, 2, 4, 6].slice(0, 1 + Math.floor(rand() * 4)).map((noPersons) => ({
        pujaId: id,
        title: noPersons === 1 ? 'Individual' : `Family of ${noPersons}`,
        description: `Sankalp for ${noPersons} ${noPersons === 1 ? 'person' : 'people'}.`,
        noPersons,
        price: base * noPersons + 200,
        offerPrice: base * noPersons,
      }));
    });
    for (let i = 0; i < packages.length; i += BATCH)
      await db
        .insertInto('pujaPackage')
        .values(packages.slice(i, i + BATCH))
        .execute();
  }
  return { products: productsToAdd, pujas: pujasToAdd };
}
