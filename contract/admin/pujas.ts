import * as v from 'valibot';
import { Puja } from '../catalogue.ts';
import { pageResponse, recordResponse } from '../envelope.ts';
import { TempleScript, type TempleScriptName } from '../temple-script.ts';
import { UPLOAD_ID } from '../lifecycle.ts';
import { FORBIDDEN_TEXT, notAllowedMessage, tooLongMessage } from '../text.ts';
import {
  catalogueImage,
  catalogueLine,
  catalogueMessages,
  catalogueRecordEntries,
  catalogueText,
  instant,
  MAX_BENEFIT_DESC_LENGTH,
  MAX_PER_ACCOUNT,
  MAX_PLACE_LENGTH,
  MAX_PUJA_CAPACITY,
  MAX_TITLE_LENGTH,
  recordListQuery,
  Version,
  wholeNumber,
} from './catalogue-fields.ts';
import { AdminPackage } from './packages.ts';

/**
 * Pujas in the back office (docs/product-rules.md, Roles and the back office):
 *
 *   GET  /api/admin/pujas?q&when&state&limit&offset      -> AdminPujaListResponse
 *   POST /api/admin/pujas             PujaInput           -> 201 AdminPujaResponse
 *   GET  /api/admin/pujas/{id}                            -> AdminPujaResponse
 *   PUT  /api/admin/pujas/{id}        PujaInput+version   -> AdminPujaResponse | 409 edit_conflict
 *   POST /api/admin/pujas/{id}/retire|restore  {version}  -> AdminPujaResponse
 *   POST /api/admin/pujas/{id}/repeat RepeatPujaInput     -> 201 AdminPujaResponse (the copy)
 */

const benefitTitle = (n: number) => catalogueLine(`Benefit ${n} title`, MAX_TITLE_LENGTH);
const benefitDesc = (n: number) =>
  catalogueText(`Benefit ${n} description`, { max: MAX_BENEFIT_DESC_LENGTH });

/** What a puja still lacking its authorisation says in the back office (list and edit page). */
export const PUJA_DRAFT_NOTE = "Draft: enter the temple's authorisation to publish";

/** A line staff may leave blank (null) until they have it: plain text, no markup. */
const optionalLine = (label: string, max: number) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.string(`${label} must be text`),
        v.trim(),
        v.maxLength(max, tooLongMessage(label, max)),
        v.check((value) => !FORBIDDEN_TEXT.test(value), notAllowedMessage(label)),
        v.check((value) => !/[<>]/.test(value), catalogueMessages.noHtml(label)),
        v.transform((value) => (value === '' ? null : value)),
      ),
    ),
    null,
  );

/** A calendar date, YYYY-MM-DD, that exists (no 31 February). */
const isCalendarDate = (value: string) => {
  const at = Date.parse(`${value}T00:00:00Z`);
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(at) && new Date(at).toISOString().startsWith(value)
  );
};

/**
 * The temple's authorisation (docs/product-rules.md, The temple's authorisation): each may be
 * blank while the puja is a draft; all but the image are needed to publish it.
 */
const authorisationFields = {
  templeName: optionalLine('Temple', MAX_PLACE_LENGTH),
  performedBy: optionalLine('Performed by', MAX_TITLE_LENGTH),
  authorisedBy: optionalLine('Authorised by', MAX_PLACE_LENGTH),
  authorisationRef: optionalLine('Authorisation reference', 80),
  authorisationDate: v.optional(
    v.nullable(
      v.pipe(
        v.string(catalogueMessages.authorisationDateInvalid),
        v.trim(),
        v.transform((value) => (value === '' ? null : value)),
        v.check(
          (value) => value === null || isCalendarDate(value),
          catalogueMessages.authorisationDateInvalid,
        ),
      ),
    ),
    null,
  ),
  authorisationImageId: v.optional(
    v.nullable(
      v.pipe(
        v.string(catalogueMessages.authorisationImageInvalid),
        v.trim(),
        v.transform((value) => (value === '' ? null : value)),
        v.check(
          (value) => value === null || UPLOAD_ID.test(value),
          catalogueMessages.authorisationImageInvalid,
        ),
      ),
    ),
    null,
  ),
};

const pujaFields = {
  pujaName: catalogueLine('Name', MAX_TITLE_LENGTH),
  place: catalogueLine('Temple and place', MAX_PLACE_LENGTH),
  pujaDate: instant(catalogueMessages.dateInvalid),
  /** When bookings open (shown as "starts"); null = now. */
  startDate: v.optional(v.nullable(instant(catalogueMessages.dateInvalid)), null),
  description: catalogueText('Description'),
  image: catalogueImage,
  inDemand: v.boolean('inDemand must be true or false'),
  noDevotes: v.optional(wholeNumber('Devotees must be a whole number, 0 or more', 0, 100_000_000), 0),
  script: TempleScript,
  /** Places at the temple: persons' names it reads on this date; null (or absent) is unlimited. */
  capacity: v.optional(
    v.nullable(wholeNumber(catalogueMessages.capacityInvalid, 1, MAX_PUJA_CAPACITY)),
    null,
  ),
  /** The bookings one account may hold of this date; null (or absent) is no cap. */
  maxPerAccount: v.optional(
    v.nullable(wholeNumber(catalogueMessages.maxPerAccountInvalid, 1, MAX_PER_ACCOUNT)),
    null,
  ),
  ...authorisationFields,
  benefitTitle1: benefitTitle(1),
  benefitDesc1: benefitDesc(1),
  benefitTitle2: benefitTitle(2),
  benefitDesc2: benefitDesc(2),
  benefitTitle3: benefitTitle(3),
  benefitDesc3: benefitDesc(3),
  benefitTitle4: benefitTitle(4),
  benefitDesc4: benefitDesc(4),
};

const startsBeforePuja = <T extends { startDate: string | null; pujaDate: string }>() =>
  v.check<T, string>(
    ({ startDate, pujaDate }) => startDate === null || startDate <= pujaDate,
    catalogueMessages.startAfterPuja,
  );

export const PujaInput = v.pipe(v.object(pujaFields), startsBeforePuja());
export type PujaInput = v.InferOutput<typeof PujaInput>;
export const PujaUpdate = v.pipe(v.object({ ...pujaFields, version: Version }), startsBeforePuja());
export type PujaUpdate = v.InferOutput<typeof PujaUpdate>;

/** "Repeat this puja on a new date": a copy with its packages, bookings opening now unless told. */
export const RepeatPujaInput = v.object({
  pujaDate: instant(catalogueMessages.dateInvalid),
  startDate: v.optional(v.nullable(instant(catalogueMessages.dateInvalid)), null),
});
export type RepeatPujaInput = v.InferOutput<typeof RepeatPujaInput>;

export const AdminPuja = v.object({
  ...Puja.entries,
  ...catalogueRecordEntries,
  startDate: v.nullable(v.string()),
  script: TempleScript,
  packages: v.array(AdminPackage),
  bookingCount: v.number(),
  maxPerAccount: v.nullable(v.number()),
  templeName: v.nullable(v.string()),
  performedBy: v.nullable(v.string()),
  authorisedBy: v.nullable(v.string()),
  authorisationRef: v.nullable(v.string()),
  authorisationDate: v.nullable(v.string()),
  authorisationImageId: v.nullable(v.string()),
  /** Without the temple's authorisation: out of the shop (PUJA_DRAFT_NOTE). */
  draft: v.boolean(),
});
export type AdminPuja = v.InferOutput<typeof AdminPuja>;
export const AdminPujaResponse = recordResponse('puja', AdminPuja);
export type AdminPujaResponse = v.InferOutput<typeof AdminPujaResponse>;

/** A row of the pujas' list: the puja's card fields, its script, whether it is retired and its counts. */
export const AdminPujaSummary = v.object({
  ...v.pick(Puja, ['id', 'pujaName', 'place', 'pujaDate', 'image', 'inDemand']).entries,
  script: TempleScript,
  retiredAt: catalogueRecordEntries.retiredAt,
  packageCount: v.number(),
  bookingCount: v.number(),
  /** The cheapest package's offer price; null without packages. */
  fromPrice: v.nullable(v.number()),
  capacity: v.nullable(v.number()),
  placesLeft: v.nullable(v.number()),
  draft: v.boolean(),
});
export type AdminPujaSummary = v.InferOutput<typeof AdminPujaSummary>;
export const AdminPujaListResponse = pageResponse('pujas', AdminPujaSummary);
export type AdminPujaListResponse = v.InferOutput<typeof AdminPujaListResponse>;

export const AdminPujaQuery = v.object({
  ...recordListQuery,
  when: v.optional(v.picklist(['upcoming', 'past'], 'when must be upcoming or past')),
});
export type AdminPujaQuery = v.InferOutput<typeof AdminPujaQuery>;

/* ------------------------------------------------------------------------------------------
 * The temple's script: a sensible default from the place
 * ---------------------------------------------------------------------------------------- */

const SCRIPT_BY_PLACE: [RegExp, TempleScriptName][] = [
  [
    /karnataka|kollur|horanadu|subramanya|mysuru|mysore|udupi|bengaluru|sringeri|dharmasthala|gokarna/i,
    'kannada',
  ],
  [
    /tamil nadu|tiruchendur|kanchipuram|rameswaram|thirunallar|srirangam|madurai|kumbakonam|tiruvannamalai|palani|chennai|thanjavur/i,
    'tamil',
  ],
  [/andhra|telangana|srikalahasti|simhachalam|tirupati|tirumala|srisailam|hyderabad|vijayawada/i, 'telugu'],
  [/kerala|guruvayur|sabarimala|thiruvananthapuram|attukal|chottanikkara/i, 'malayalam'],
];

/** The script a temple at `place` most likely reads the sankalp in: its state's; Devanagari otherwise. */
export function scriptForPlace(place: string): TempleScriptName {
  return SCRIPT_BY_PLACE.find(([pattern]) => pattern.test(place))?.[1] ?? 'devanagari';
}
