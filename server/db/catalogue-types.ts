import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { StockReason } from '../../contract/admin/stock.ts';
import type { OfferingDelivery } from '../../contract/offerings.ts';
import type { TempleScript } from '../../contract/temple-script.ts';

/**
 * The catalogue's tables (pujas, packages, offerings, categories, products, astrologers) and the
 * back office's own (the stock ledger, the audit log, staff invitations), as the code sees them;
 * server/db/types.ts composes them into the Database.
 */

/** A nullable column a later migration added: an insert may leave it out. */
export type AddedLater<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface PujaTable {
  id: Generated<number>;
  pujaName: string;
  place: string;
  noDevotes: number;
  /** ISO 8601; the booking window closes at this instant. Null counts as closed. */
  pujaDate: string | null;
  startDate: string | null;
  image: string;
  description: string;
  inDemand: number;
  benefitTitle1: string;
  benefitDesc1: string;
  benefitTitle2: string;
  benefitDesc2: string;
  benefitTitle3: string;
  benefitDesc3: string;
  benefitTitle4: string;
  benefitDesc4: string;
  /** The script the temple's priest reads the sankalp in. */
  script: Generated<TempleScript>;
  /** Bumped by every staff edit (docs/decisions/0034-edits-carry-the-version-they-started-from.md). */
  version: Generated<number>;
  /** When staff retired it: it leaves the shop, its bookings stay. */
  retiredAt: AddedLater<string>;
  /** How many persons' names the temple reads on this date; null: unlimited (docs/product-rules.md, Places at the temple). */
  capacity: AddedLater<number>;
  /**
   * The temple's authorisation (docs/product-rules.md, The temple's authorisation): without all
   * but the image the puja is a draft, out of the shop. The date is YYYY-MM-DD, the image an upload.
   */
  templeName: AddedLater<string>;
  performedBy: AddedLater<string>;
  authorisedBy: AddedLater<string>;
  authorisationRef: AddedLater<string>;
  authorisationDate: AddedLater<string>;
  authorisationImageId: AddedLater<string>;
  /** The bookings one account may hold of this date; null: no cap (Places at the temple). */
  maxPerAccount: AddedLater<number>;
  /** The record this date was first repeated from; null: its own series (docs/product-rules.md, Rescheduling). */
  seriesId: AddedLater<number>;
}

export interface PackageTable {
  id: Generated<number>;
  pujaId: number;
  title: string;
  description: string;
  noPersons: number;
  price: number;
  offerPrice: number;
  version: Generated<number>;
}

export interface CategoryTable {
  id: Generated<number>;
  category: string;
  name: string;
  imgUrl: string;
  version: Generated<number>;
  retiredAt: AddedLater<string>;
}

export interface ProductTable {
  id: Generated<number>;
  name: string;
  description: string;
  price: number;
  offerPrice: number;
  image: string;
  stockQuantity: number;
  categoryId: number;
  averageRating: number;
  totalReviews: number;
  version: Generated<number>;
  retiredAt: AddedLater<string>;
}

export interface AstrologerTable {
  id: Generated<number>;
  name: string;
  photo: string;
  /** JSON array of strings. */
  specializations: string;
  experience: number;
  ratePerMinute: number;
  bio: string;
  version: Generated<number>;
  retiredAt: AddedLater<string>;
}

/** A puja's chadhava offering (docs/product-rules.md, Chadhava offerings). */
export interface PujaOfferingTable {
  id: Generated<number>;
  pujaId: number;
  name: string;
  description: string;
  unit: string;
  price: number;
  delivery: OfferingDelivery;
  maxQuantity: number;
  version: Generated<number>;
  retiredAt: AddedLater<string>;
}
export type PujaOfferingRow = Selectable<PujaOfferingTable>;

export type NewPuja = Insertable<PujaTable>;
export type NewPackage = Insertable<PackageTable>;
export type NewCategory = Insertable<CategoryTable>;
export type NewProduct = Insertable<ProductTable>;
export type NewAstrologer = Insertable<AstrologerTable>;
export type PujaRow = Selectable<PujaTable>;

/** One change of a product's stock; the product's stock is their sum (docs/decisions/0033-stock-is-a-ledger.md). */
export interface StockLedgerTable {
  id: Generated<number>;
  productId: number;
  /** Units added (positive) or taken (negative); never 0. */
  quantity: number;
  reason: StockReason;
  note: string | null;
  /** The order that took or returned them. */
  orderId: number | null;
  /** Who: the staff member, or the customer whose order it was; null for the opening entry. */
  userId: number | null;
  /** The product's stock after this entry. */
  balance: number;
  at: string;
}

/** One staff write, kept for good: who, what, when, and the record before and after (JSON). */
export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  userId: number;
  action: string;
  entity: string;
  entityId: string | null;
  summary: string;
  before: string | null;
  after: string | null;
}

/** An e-mailed invitation to join the staff; only its token's SHA-256 is kept. */
export interface StaffInvitationsTable {
  id: Generated<number>;
  email: string;
  tokenHash: string;
  invitedBy: number;
  createdAt: string;
  expiresAt: string;
  acceptedAt: string | null;
  revokedAt: string | null;
}
