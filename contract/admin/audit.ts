import * as v from 'valibot';
import { pageResponse } from '../envelope.ts';
import { wholeNumberParam } from '../query.ts';

/**
 * The audit log: one entry per staff write, never changed (docs/product-rules.md, Roles and the
 * back office).
 *
 *   GET /api/admin/audit?entity&entityId&userId&limit&offset -> AuditListResponse
 */

/** What an entry can be about. */
export const AUDIT_ENTITIES = [
  'puja',
  'package',
  'offering',
  'product',
  'stock',
  'category',
  'astrologer',
  'coupon',
  'image',
  'order',
  'booking',
  'staff',
  'message',
] as const;

export const AuditEntry = v.object({
  id: v.number(),
  at: v.string(),
  userId: v.number(),
  userName: v.string(),
  action: v.string(),
  entity: v.string(),
  entityId: v.nullable(v.string()),
  summary: v.string(),
  before: v.nullable(v.record(v.string(), v.unknown())),
  after: v.nullable(v.record(v.string(), v.unknown())),
});
export type AuditEntry = v.InferOutput<typeof AuditEntry>;
export const AuditListResponse = pageResponse('entries', AuditEntry);
export type AuditListResponse = v.InferOutput<typeof AuditListResponse>;

const MAX_NUMBER = 999_999_999;
export const AuditQuery = v.object({
  entity: v.optional(v.picklist(AUDIT_ENTITIES, `entity must be one of ${AUDIT_ENTITIES.join(', ')}`)),
  entityId: v.optional(v.pipe(v.string(), v.regex(/^[\w-]{1,40}$/, 'entityId must be an id'))),
  userId: wholeNumberParam('userId', 0, MAX_NUMBER, 'userId must be a whole number'),
  limit: wholeNumberParam('limit', 1, 100),
  offset: wholeNumberParam('offset', 0, MAX_NUMBER, 'offset must be a whole number'),
});
export type AuditQuery = v.InferOutput<typeof AuditQuery>;
