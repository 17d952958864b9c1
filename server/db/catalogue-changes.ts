import {
  AliasNode,
  DeleteQueryNode,
  InsertQueryNode,
  TableNode,
  UpdateQueryNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

/** The tables whose rows GET /pujas, /products, /categories and /astrologers read. */
const CATALOGUE_TABLES = new Set([
  'puja',
  'pujapackage',
  'pujaoffering',
  'category',
  'product',
  'astrologer',
]);

/**
 * The tables a puja's places left are counted from (docs/product-rules.md, Places at the temple),
 * the bookings and the waitlist's offers:
 * only answers that show a count depend on them, so a booking does not throw away the rest.
 */
const PLACES_TABLES = new Set([
  'bookings',
  // An offer from a date's waitlist holds places (docs/product-rules.md, Waitlist).
  'waitlistentries',
]);

function tableName(node: OperationNode | undefined): string | undefined {
  if (!node) return undefined;
  if (TableNode.is(node)) return node.table.identifier.name.replace(/_/g, '').toLowerCase();
  if (AliasNode.is(node)) return tableName(node.node);
  return undefined;
}

function writtenTables(node: RootOperationNode): (string | undefined)[] {
  if (InsertQueryNode.is(node)) return [tableName(node.into)];
  if (UpdateQueryNode.is(node)) return [tableName(node.table)];
  if (DeleteQueryNode.is(node)) return node.from.froms.map(tableName);
  return [];
}

/**
 * Counts the writes to the catalogue's tables, and apart from them to the tables places are
 * counted from, made through one database handle (inserts,
 * updates, deletes, in or out of a transaction: a stock decrement counts). The catalogue's
 * cached answers (server/services/catalogue-cache.ts) are kept only while this number stands
 * still. It counts once the statement has run, so a reader never caches an answer older than
 * the version it saw; raw SQL is not seen, and neither are other processes' writes, which the
 * cache's short lifetime covers (docs/decisions/0016-catalogue-answers-are-cached-in-memory.md).
 */
export class CatalogueChanges implements KyselyPlugin {
  #version = 0;
  #placesVersion = 0;
  readonly #writes = new WeakMap<QueryId, 'catalogue' | 'places'>();

  /** Moves on every write to the catalogue's own tables. */
  get version(): number {
    return this.#version;
  }

  /** Moves on every write to a table places are counted from (the bookings). */
  get placesVersion(): number {
    return this.#placesVersion;
  }

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    const tables = writtenTables(node);
    if (tables.some((table) => table !== undefined && CATALOGUE_TABLES.has(table)))
      this.#writes.set(queryId, 'catalogue');
    else if (tables.some((table) => table !== undefined && PLACES_TABLES.has(table)))
      this.#writes.set(queryId, 'places');
    return node;
  }

  transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const written = this.#writes.get(queryId);
    if (written === 'catalogue') this.#version += 1;
    if (written === 'places') this.#placesVersion += 1;
    return Promise.resolve(result);
  }
}

const byDatabase = new WeakMap<object, CatalogueChanges>();

/** Registers the plugin that `db` was opened with (openDb does this). */
export function registerCatalogueChanges(db: object, changes: CatalogueChanges): void {
  byDatabase.set(db, changes);
}

/** The catalogue's write counter for `db`, or undefined when `db` was not opened by openDb. */
export function catalogueChangesOf(db: object): CatalogueChanges | undefined {
  return byDatabase.get(db);
}
