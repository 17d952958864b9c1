import type { Generated, Insertable, Selectable } from 'kysely';

/** Tables as the code sees them (CamelCasePlugin maps them to snake_case columns). */
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
}

export interface PackageTable {
  id: Generated<number>;
  pujaId: number;
  title: string;
  description: string;
  noPersons: number;
  price: number;
  offerPrice: number;
}

export interface CategoryTable {
  id: Generated<number>;
  category: string;
  name: string;
  imgUrl: string;
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
}

export interface Database {
  puja: PujaTable;
  pujaPackage: PackageTable;
  category: CategoryTable;
  product: ProductTable;
  astrologer: AstrologerTable;
  users: UsersTable;
  sessions: SessionsTable;
  addresses: AddressesTable;
}

export type NewPuja = Insertable<PujaTable>;
export type NewPackage = Insertable<PackageTable>;
export type NewCategory = Insertable<CategoryTable>;
export type NewProduct = Insertable<ProductTable>;
export type NewAstrologer = Insertable<AstrologerTable>;
export type PujaRow = Selectable<PujaTable>;

export interface UsersTable {
  id: Generated<number>;
  name: string;
  /** Trimmed and lower-cased; unique. */
  email: string;
  phone: string | null;
  /** `scrypt$N$r$p$salt$hash` (base64); never leaves the server. */
  passwordHash: string;
  createdAt: string;
}

/** One row per issued sign-in token (id = the token's jti); logout deletes it. */
export interface SessionsTable {
  id: string;
  userId: number;
  createdAt: string;
  expiresAt: string;
}

export interface AddressesTable {
  id: Generated<number>;
  userId: number;
  street: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  /** 0 or 1; at most one 1 per user. */
  isDefault: number;
  createdAt: string;
}

export type UserRow = Selectable<UsersTable>;
export type AddressRow = Selectable<AddressesTable>;
