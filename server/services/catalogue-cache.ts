import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import type { Context } from 'hono';
import { catalogueChangesOf, type CatalogueChanges } from '../db/catalogue-changes.ts';

/**
 * The catalogue's read answers (GET /pujas, /products and their one-item forms, /categories,
 * /astrologers) are the same for every customer and change only when the catalogue is written:
 * each is serialized once, with its ETag and its gzip and brotli forms made when first asked
 * for, and served from memory until the catalogue changes or the entry is older than `ttlMs`
 * (other processes' writes, docs/decisions/0016-catalogue-answers-are-cached-in-memory.md).
 */

/** How long an answer is kept when nothing this process sees has changed. */
export const CATALOGUE_CACHE_TTL_MS = 2000;
/** At most this many answers (one per distinct query) and this many bytes of them. */
const MAX_ENTRIES = 500;
const MAX_BYTES = 32 * 1024 * 1024;
/** Answers smaller than this are sent as they are: compressing them saves nothing. */
const COMPRESS_FROM_BYTES = 1024;

/** What a response body may be (Node's Buffers are Uint8Arrays over a plain ArrayBuffer here). */
type Bytes = Uint8Array<ArrayBuffer>;

interface Entry {
  version: number;
  /** The places version it was built at, when it shows a puja's places left; else null. */
  placesVersion: number | null;
  expires: number;
  body: Bytes;
  etag: string;
  gzip?: Bytes;
  br?: Bytes;
  bytes: number;
}

export interface CatalogueCache {
  /** Answers `c` with the JSON `build` makes, or the one kept for `key`. */
  respond(c: Context, key: string, build: () => Promise<unknown>): Promise<Response>;
}

/**
 * An answer shows a count of places when some puja in it has a capacity (its placesLeft is a
 * number, docs/product-rules.md, Places at the temple): only such an answer goes stale with a booking.
 */
const SHOWS_PLACES_LEFT = /"placesLeft":-?\d/;

const isCurrent = (entry: Entry, changes: CatalogueChanges) =>
  entry.version === changes.version &&
  (entry.placesVersion === null || entry.placesVersion === changes.placesVersion);

function encodingFor(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set((acceptEncoding ?? '').split(',').map((part) => part.split(';')[0]!.trim()));
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

export function createCatalogueCache(db: object, { ttlMs = CATALOGUE_CACHE_TTL_MS } = {}): CatalogueCache {
  const changes = catalogueChangesOf(db);
  const entries = new Map<string, Entry>();
  let bytes = 0;

  const forget = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.bytes;
    entries.delete(key);
  };

  const keep = (key: string, entry: Entry) => {
    forget(key);
    entries.set(key, entry);
    bytes += entry.bytes;
    // Oldest first: a Map iterates in insertion order.
    for (const oldest of entries.keys()) {
      if (entries.size <= MAX_ENTRIES && bytes <= MAX_BYTES) break;
      forget(oldest);
    }
  };

  /** Counts bytes added to a kept entry (a compressed form), unless it was let go meanwhile. */
  const grew = (key: string, entry: Entry, added: number) => {
    entry.bytes += added;
    if (entries.get(key) === entry) bytes += added;
  };

  const current = async (key: string, build: () => Promise<unknown>): Promise<Entry> => {
    const now = Date.now();
    const found = entries.get(key);
    // Without the change counter (a handle not opened by openDb) nothing is kept.
    if (changes && found && isCurrent(found, changes) && found.expires > now) return found;
    const version = changes?.version ?? -1;
    const placesVersion = changes?.placesVersion ?? -1;
    const json = JSON.stringify(await build());
    const body = Buffer.from(json) as Bytes;
    const entry: Entry = {
      version,
      placesVersion: SHOWS_PLACES_LEFT.test(json) ? placesVersion : null,
      expires: now + ttlMs,
      body,
      etag: `W/"${createHash('sha1').update(body).digest('base64url')}"`,
      bytes: body.length,
    };
    if (changes) keep(key, entry);
    return entry;
  };

  return {
    async respond(c, key, build) {
      const entry = await current(key, build);
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        etag: entry.etag,
        // Stock and prices change: a browser keeps the answer but asks again each time, and the
        // ETag makes an unchanged answer a bodiless 304.
        'cache-control': 'no-cache',
        vary: 'Accept-Encoding',
      };
      const tags = c.req.header('if-none-match');
      if (tags && tags.split(',').some((tag) => tag.trim() === entry.etag || tag.trim() === '*'))
        return c.body(null, 304, headers);
      const encoding =
        entry.body.length >= COMPRESS_FROM_BYTES ? encodingFor(c.req.header('accept-encoding')) : undefined;
      if (encoding === 'br') {
        if (!entry.br) {
          entry.br = zlib.brotliCompressSync(entry.body, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 },
          });
          grew(key, entry, entry.br.length);
        }
        return c.body(entry.br, 200, { ...headers, 'content-encoding': 'br' });
      }
      if (encoding === 'gzip') {
        if (!entry.gzip) {
          entry.gzip = zlib.gzipSync(entry.body, { level: 6 });
          grew(key, entry, entry.gzip.length);
        }
        return c.body(entry.gzip, 200, { ...headers, 'content-encoding': 'gzip' });
      }
      return c.body(entry.body, 200, headers);
    },
  };
}
