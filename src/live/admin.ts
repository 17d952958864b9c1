import * as v from 'valibot';
import { fromPromise } from 'xstate';
import { EDIT_CONFLICT } from '../../contract/admin/catalogue-fields.ts';
import {
  adminEditMachine,
  type EditRecord,
  type SaveResult,
} from '../../machines/admin-edit/admin-edit.machine.ts';
import { adminListMachine, type ListQuery } from '../../machines/admin-list/admin-list.machine.ts';
import {
  imageUploadMachine,
  type ImageUploadInput,
} from '../../machines/image-upload/image-upload.machine.ts';
import {
  staffRecordMachine,
  type StaffActionResult,
} from '../../machines/staff-record/staff-record.machine.ts';
import { exportCsv, uploadCatalogueImage } from '../lib/admin-api.ts';
import { valueOrRefusal } from '../lib/api.ts';
import { currentRoute, navigate } from './hash-location.ts';

/**
 * The back office's machines with their real actors (the API calls) and browser actions (the
 * address follows a list's filter; a created record opens at its own address). Imported only by
 * src/features/admin, so it travels in the back office's code, never a customer page's.
 */

/** A list or queue: `load` answers one page of what `query` asks for. */
export function liveListMachine(
  load: (query: ListQuery, signal: AbortSignal) => Promise<unknown>,
  exportKind?: 'orders' | 'bookings',
) {
  return adminListMachine.provide({
    actors: {
      loadList: fromPromise<unknown, { query: ListQuery }>(({ input, signal }) => load(input.query, signal)),
      exportList: fromPromise<void, { query: ListQuery }>(({ input, signal }) =>
        exportKind ? exportCsv(exportKind, input.query, signal) : Promise.resolve(),
      ),
    },
    actions: {
      syncUrl: (_, query) => {
        const path = currentRoute().split('?')[0]!;
        const search = new URLSearchParams(query).toString();
        navigate(search ? `${path}?${search}` : path, { replace: true });
      },
    },
  });
}

/** A record and its staff actions: `send` takes one step and answers the record after it. */
export function liveRecordMachine(
  load: (id: number, signal: AbortSignal) => Promise<unknown>,
  send: (id: number, action: string, request: unknown, signal: AbortSignal) => Promise<unknown>,
) {
  return staffRecordMachine.provide({
    actors: {
      loadRecord: fromPromise<unknown, { id: number }>(({ input, signal }) => load(input.id, signal)),
      sendAction: fromPromise<StaffActionResult, { id: number; action: string; request: unknown }>(
        async ({ input, signal }) => {
          const result = await valueOrRefusal(send(input.id, input.action, input.request, signal));
          return result.kind === 'ok' ? { kind: 'updated', record: result.value } : result;
        },
      ),
    },
  });
}

export interface EditCalls<S extends v.GenericSchema> {
  load: (id: number, signal: AbortSignal) => Promise<EditRecord>;
  /** Creates (id null) or saves with the version the edit started from; answers the record. */
  save: (
    id: number | null,
    body: v.InferOutput<S>,
    version: number | null,
    signal: AbortSignal,
  ) => Promise<EditRecord>;
  /** The contract's schema of the body: checked here first, so a mistake is told at once. */
  schema: S;
  /** The fields the body is made of (the draft holds more: id, version, counts...). */
  fields: readonly string[];
  /** Where a created record opens. */
  pathOf?: (record: EditRecord) => string;
}

const pick = (draft: EditRecord, fields: readonly string[]) =>
  Object.fromEntries(fields.filter((field) => field in draft).map((field) => [field, draft[field]]));

/** A record's edit form (docs/decisions/0034-edits-carry-the-version-they-started-from.md). */
export function liveEditMachine<S extends v.GenericSchema>(calls: EditCalls<S>) {
  return adminEditMachine.provide({
    actors: {
      loadRecord: fromPromise<EditRecord, { id: number }>(({ input, signal }) =>
        calls.load(input.id, signal),
      ),
      saveRecord: fromPromise<SaveResult, { id: number | null; draft: EditRecord; version: number | null }>(
        async ({ input, signal }) => {
          const checked = v.safeParse(calls.schema, pick(input.draft, calls.fields), { abortEarly: true });
          if (!checked.success) return { kind: 'refused', message: checked.issues[0].message };
          const result = await valueOrRefusal(calls.save(input.id, checked.output, input.version, signal));
          if (result.kind === 'ok') return { kind: 'saved', record: result.value };
          if (result.code === EDIT_CONFLICT && input.id !== null)
            return { kind: 'conflict', current: await calls.load(input.id, signal) };
          return { kind: 'refused', message: result.message };
        },
      ),
      imageUpload: imageUploadMachine.provide({
        actors: {
          uploadImage: fromPromise<string, ImageUploadInput>(({ input, signal }) =>
            uploadCatalogueImage(input.file, input.slot, signal),
          ),
        },
      }),
    },
    actions: {
      created: (_, record) => {
        if (calls.pathOf && typeof record.id === 'number')
          navigate(calls.pathOf(record), { replace: true, state: { created: true } });
      },
    },
  });
}

/** Whether this page was opened by creating its record (liveEditMachine's `created`): its save bar says so. */
export const isJustCreated = () => (window.history.state as { created?: unknown } | null)?.created === true;
