import * as v from 'valibot';
import { PujaOffering } from './puja-offering.ts';
import { TempleScript } from './temple-script.ts';

/** A date on the wire: ISO 8601 text, or null when the catalogue has none. */
const WireDate = v.nullable(v.string());

export const Puja = v.object({
  id: v.number(),
  pujaName: v.string(),
  place: v.string(),
  noDevotes: v.number(),
  pujaDate: WireDate,
  startDate: v.optional(WireDate),
  image: v.string(),
  description: v.string(),
  inDemand: v.boolean(),
  benefitTitle1: v.string(),
  benefitDesc1: v.string(),
  benefitTitle2: v.string(),
  benefitDesc2: v.string(),
  benefitTitle3: v.string(),
  benefitDesc3: v.string(),
  benefitTitle4: v.string(),
  benefitDesc4: v.string(),
  /**
   * Places at the temple on this date (docs/product-rules.md, Places at the temple): how many
   * persons' names it reads, and how many of them are not yet booked. Both null: unlimited.
   */
  capacity: v.nullable(v.number()),
  placesLeft: v.nullable(v.number()),
  /**
   * The temple's authorisation (docs/product-rules.md, The temple's authorisation): the puja page's
   * "Performed at … by …, authorised by …, date". Every puja in the shop has one; absent from
   * other backends.
   */
  authorisation: v.optional(
    v.nullable(
      v.object({
        templeName: v.string(),
        performedBy: v.string(),
        authorisedBy: v.string(),
        reference: v.string(),
        /** YYYY-MM-DD, the letter's date. */
        date: v.string(),
      }),
    ),
    null,
  ),
  /**
   * The cheapest package's offer price, for "from ₹…" on cards: an extra field of GET /pujas only
   * (the section-7 fields are unchanged), absent from other backends, null without packages.
   */
  fromPrice: v.optional(v.nullable(v.number())),
  /**
   * GET /pujas/{id} only, beside the section-7 fields: the script the temple reads the sankalp in
   * (contract/temple-script.ts) and the puja's chadhava offerings (contract/offerings.ts).
   */
  script: v.optional(TempleScript),
  offerings: v.optional(v.array(PujaOffering)),
  /**
   * GET /pujas/{id} only: the soonest date of the same puja (same name and temple) still open for
   * booking, other than this one, or null (docs/product-rules.md, Catalogue display).
   */
  nextDate: v.optional(v.nullable(v.object({ id: v.number(), date: v.string() }))),
});
export type Puja = v.InferOutput<typeof Puja>;

/** `total`: how many pujas the whole (filtered) list holds, when the server says (contract/catalogue-query.ts). */
export const PujaListResponse = v.object({ pujas: v.array(Puja), total: v.optional(v.number()) });
export type PujaListResponse = v.InferOutput<typeof PujaListResponse>;

/**
 * Another date of the same puja still open for booking (docs/product-rules.md, Rescheduling):
 * GET /pujas/{id}/dates. `placesLeft` and `capacity` null: unlimited; `lowestPrice` is its
 * cheapest package's offer price, null without packages.
 */
export const PujaDate = v.object({
  id: v.number(),
  pujaDate: v.string(),
  capacity: v.nullable(v.number()),
  placesLeft: v.nullable(v.number()),
  lowestPrice: v.nullable(v.number()),
});
export type PujaDate = v.InferOutput<typeof PujaDate>;

/** What the SPA says when GET /pujas/{id}/dates has no answer. */
export const OTHER_DATES_FAILED = 'Could not load the other dates. Please try again.';

export const PujaDatesResponse = v.object({ dates: v.array(PujaDate) });
export type PujaDatesResponse = v.InferOutput<typeof PujaDatesResponse>;

export const PujaPackage = v.object({
  id: v.number(),
  pujaId: v.number(),
  title: v.string(),
  description: v.string(),
  noPersons: v.number(),
  price: v.number(),
  offerPrice: v.number(),
});
export type PujaPackage = v.InferOutput<typeof PujaPackage>;

export const PackageListResponse = v.object({ packages: v.array(PujaPackage) });
export type PackageListResponse = v.InferOutput<typeof PackageListResponse>;

export const Category = v.object({
  id: v.number(),
  category: v.string(),
  name: v.string(),
  imgUrl: v.string(),
});
export type Category = v.InferOutput<typeof Category>;

export const CategoryListResponse = v.object({ categories: v.array(Category) });
export type CategoryListResponse = v.InferOutput<typeof CategoryListResponse>;

export const Product = v.object({
  id: v.number(),
  name: v.string(),
  description: v.string(),
  price: v.number(),
  offerPrice: v.number(),
  image: v.string(),
  stockQuantity: v.number(),
  categoryId: v.number(),
  category: v.string(),
  averageRating: v.number(),
  totalReviews: v.number(),
});
export type Product = v.InferOutput<typeof Product>;

/** `total`: how many products the whole (filtered) list holds, when the server says (contract/catalogue-query.ts). */
export const ProductListResponse = v.object({ products: v.array(Product), total: v.optional(v.number()) });
export type ProductListResponse = v.InferOutput<typeof ProductListResponse>;

export const ProductDetailResponse = v.object({ product: v.array(Product) });
export type ProductDetailResponse = v.InferOutput<typeof ProductDetailResponse>;

export const Astrologer = v.object({
  id: v.number(),
  name: v.string(),
  photo: v.string(),
  specializations: v.array(v.string()),
  experience: v.number(),
  ratePerMinute: v.number(),
  bio: v.string(),
});
export type Astrologer = v.InferOutput<typeof Astrologer>;

export const AstrologerListResponse = v.array(Astrologer);
export type AstrologerListResponse = v.InferOutput<typeof AstrologerListResponse>;

/** Every error the API sends. */
export const ApiErrorBody = v.object({ message: v.string(), code: v.optional(v.string()) });
export type ApiErrorBody = v.InferOutput<typeof ApiErrorBody>;
