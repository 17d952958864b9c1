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

/**
 * The tables whose rows GET /pujas, /products, /categories and /astrologers read: bookings too,
 * since a puja's places left are counted from them (docs/product-rules.md, Places at the temple),
 * and the waitlist's offers, which hold places.
 */
const CATALOGUE_TABLES = new Set([
  'bookings',
  // An offer from a date's waitlist holds places (docs/product-rules.md, Waitlist).
  'waitlistentries',
  'puja',
  'pujapackage',
  'pujaoffering',
  'category',
  'product',
  'astrologer',
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
 * Counts the writes to the catalogue's tables made through one database handle (inserts,
 * updates, deletes, in or out of a transaction: a stock decrement counts). The catalogue's
 * cached answers (server/services/catalogue-cache.ts) are kept only while this number stands
 * still. It counts once the statement has run, so a reader never caches an answer older than
 * the version it saw; raw SQL is not seen, and neither are other processes' writes, which the
 * cache's short lifetime covers (docs/decisions/0016-catalogue-answers-are-cached-in-memory.md).
 */
export class CatalogueChanges implements KyselyPlugin {
  #version = 0;
  readonly #writes = new WeakSet<QueryId>();

  get version(): number {
    return this.#version;
  }

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    if (writtenTables(node).some((table) => table !== undefined && CATALOGUE_TABLES.has(table)))
      this.#writes.add(queryId);
    return node;
  }

  transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.#writes.has(queryId)) this.#version += 1;
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
