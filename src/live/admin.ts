import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import * as v from 'valibot';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { EDIT_CONFLICT } from '../../contract/admin/catalogue-fields.ts';
import {
  createAdminEditMachine,
  type AdminEditMachine,
  type EditRecord,
  type SaveInput,
  type SaveResult,
} from '../../machines/admin-edit/admin-edit.machine.ts';
import {
  createAdminListMachine,
  type AdminListMachine,
  type ListQuery,
} from '../../machines/admin-list/admin-list.machine.ts';
import {
  selectExportError,
  selectIsExporting,
  selectIsListLoading,
  selectListData,
  selectListError,
  selectQuery,
} from '../../machines/admin-list/admin-list.selectors.ts';
import {
  imageUploadMachine,
  type ImageUploadInput,
} from '../../machines/image-upload/image-upload.machine.ts';
import {
  createStaffRecordMachine,
  type SendActionInput,
  type StaffAction,
  type StaffActionResult,
  type StaffRecordMachine,
} from '../../machines/staff-record/staff-record.machine.ts';
import {
  selectActionError,
  selectActionErrorCode,
  selectDoneAction,
  selectIsSending,
  selectOpenAction,
  selectRecordLoadError,
  selectStaffRecord,
} from '../../machines/staff-record/staff-record.selectors.ts';
import type { AdminMessage } from '../../contract/admin/messages.ts';
import {
  messageResendMachine,
  type ResendResult,
} from '../../machines/message-resend/message-resend.machine.ts';
import {
  selectResendErrors,
  selectResent,
  selectSendingMessage,
} from '../../machines/message-resend/message-resend.selectors.ts';
import { uploadFormPhoto } from '../lib/admin/images.ts';
import { resendStaffMessage } from '../lib/admin/messages.ts';
import { valueOrRefusal } from '../lib/api.ts';
import { inspectOptions } from '../lib/inspector.ts';
import { currentRoute, navigate } from './hash-location.ts';

/**
 * The back office's machines with their real actors (the API calls of src/lib/admin) and browser
 * actions (the address follows a list's filter; a created record opens at its own address).
 * Imported only by src/features/admin, so it travels in the back office's code, never a customer
 * page's.
 *
 * The charts (machines/admin-list, staff-record, admin-edit) hold any record; each page's machine
 * is typed here, once, by the calls it is given (`D`, `R`, `A`, `Q` below), and the hooks answer
 * in those types: a page reads a typed record and sends typed actions, with no cast of its own.
 */

/** A list or queue whose page of data is a `D`: its page's machine. */
export type LiveList<D> = AdminListMachine<D>;

/** A list or queue: `load` answers one page of what `query` asks for; `exportList` its CSV. */
export function liveListMachine<D>(
  load: (query: ListQuery, signal: AbortSignal) => Promise<D>,
  exportList?: (query: ListQuery, signal: AbortSignal) => Promise<void>,
): LiveList<D> {
  return createAdminListMachine<D>().provide({
    actors: {
      loadList: fromPromise<D, { query: ListQuery }>(({ input, signal }) => load(input.query, signal)),
      exportList: fromPromise<void, { query: ListQuery }>(({ input, signal }) =>
        exportList ? exportList(input.query, signal) : Promise.resolve(),
      ),
    },
    actions: {
      syncUrl: (_, query) => {
        const path = currentRoute().split('?')[0] ?? '';
        const search = new URLSearchParams(query).toString();
        navigate(search ? `${path}?${search}` : path, { replace: true });
      },
    },
  });
}

/** A list page's machine, started from the address's query, and what it shows. */
export function useStaffList<D>(live: LiveList<D>, query: ListQuery) {
  const ref = useActorRef(live, { input: { query }, ...inspectOptions() });
  const current = useSelector(ref, selectQuery);
  return {
    query: current,
    data: useSelector(ref, selectListData),
    loading: useSelector(ref, selectIsListLoading),
    error: useSelector(ref, selectListError),
    exporting: useSelector(ref, selectIsExporting),
    exportError: useSelector(ref, selectExportError),
    /** New filters on top of the current ones: page 1 of what they match. */
    filter: (changes: ListQuery) => ref.send({ type: 'list.filter', query: { ...current, ...changes } }),
    /** Filters in place of the current ones. */
    replace: (query: ListQuery) => ref.send({ type: 'list.filter', query }),
    page: (offset: number) => ref.send({ type: 'list.page', offset }),
    retry: () => ref.send({ type: 'list.retry' }),
    exportCsv: () => ref.send({ type: 'list.export' }),
  };
}

/** A record `R` whose dialogs open for actions `A` and submit requests `Q`: its page's machine. */
export type LiveRecord<R, A extends StaffAction, Q> = StaffRecordMachine<R, A, Q>;

/** A record and its staff actions: `send` takes one step and answers the record after it. */
export function liveRecordMachine<R, A extends StaffAction, Q>(
  load: (id: number, signal: AbortSignal) => Promise<R>,
  send: (id: number, action: A, request: Q, signal: AbortSignal) => Promise<R>,
): LiveRecord<R, A, Q> {
  return createStaffRecordMachine<R, A, Q>().provide({
    actors: {
      loadRecord: fromPromise<R, { id: number }>(({ input, signal }) => load(input.id, signal)),
      sendAction: fromPromise<StaffActionResult<R>, SendActionInput<A, Q>>(async ({ input, signal }) => {
        const result = await valueOrRefusal(send(input.id, input.action, input.request, signal));
        return result.kind === 'ok' ? { kind: 'updated', record: result.value } : result;
      }),
    },
  });
}

/** A record's machine and what its page shows and sends, in the record's own types. */
export function useStaffRecord<R, A extends StaffAction, Q>(
  machine: LiveRecord<R, A, Q>,
  id: number,
  /** A step taken, with the record after it (a form beside the steps takes it as its base). */
  onStep?: (step: { action: A; record: R }) => void,
) {
  const ref = useActorRef(machine, { input: { id }, ...inspectOptions() });
  const latestOnStep = useRef(onStep);
  useEffect(() => {
    latestOnStep.current = onStep;
  });
  useEffect(() => {
    const subscription = ref.on('record.stepTaken', ({ action, record }) =>
      latestOnStep.current?.({ action, record }),
    );
    return () => subscription.unsubscribe();
  }, [ref]);
  return {
    record: useSelector(ref, selectStaffRecord),
    loadError: useSelector(ref, selectRecordLoadError),
    action: useSelector(ref, selectOpenAction),
    error: useSelector(ref, selectActionError),
    code: useSelector(ref, selectActionErrorCode),
    sending: useSelector(ref, selectIsSending),
    done: useSelector(ref, selectDoneAction),
    open: (action: A) => ref.send({ type: 'action.open', action }),
    close: () => ref.send({ type: 'action.close' }),
    submit: (request: Q) => ref.send({ type: 'action.submit', request }),
    retry: () => ref.send({ type: 'record.retry' }),
  };
}

export type StaffRecordPage<R, A extends StaffAction, Q> = ReturnType<typeof useStaffRecord<R, A, Q>>;

/** A record's load and save (its module in src/lib/admin). */
export interface EditCalls<S extends v.GenericSchema, T extends EditRecord> {
  load: (id: number, signal: AbortSignal) => Promise<T>;
  /** Creates (id null) or saves with the version the edit started from; answers the record. */
  save: (
    id: number | null,
    body: v.InferOutput<S>,
    version: number | null,
    signal: AbortSignal,
  ) => Promise<T>;
}

/** A contract's input schema: an object, or an object piped through checks. */
type ObjectSchema =
  | { entries: Record<string, unknown> }
  | { pipe: readonly [{ entries: Record<string, unknown> }, ...unknown[]] };

/** The fields of a contract's input schema. */
const fieldsOf = (schema: ObjectSchema) =>
  Object.keys('pipe' in schema ? schema.pipe[0].entries : schema.entries);

const pick = (draft: EditRecord, fields: readonly string[]) =>
  Object.fromEntries(fields.filter((field) => field in draft).map((field) => [field, draft[field]]));

/** A record's edit form (docs/decisions/0034-edits-carry-the-version-they-started-from.md). */
export function liveEditMachine<S extends v.GenericSchema, T extends EditRecord>(
  /** The contract's schema of the body: checked here first, so a mistake is told at once. */
  schema: S & ObjectSchema,
  /** The list's address: a created record opens at `{home}/{id}`. */
  home: string,
  calls: EditCalls<S, T>,
): AdminEditMachine<T> {
  // The body is the schema's fields (the draft holds more: id, version, counts...).
  const fields = fieldsOf(schema);
  return createAdminEditMachine<T>().provide({
    actors: {
      loadRecord: fromPromise<T, { id: number }>(({ input, signal }) => calls.load(input.id, signal)),
      saveRecord: fromPromise<SaveResult<T>, SaveInput>(async ({ input, signal }) => {
        const checked = v.safeParse(schema, pick(input.draft, fields), { abortEarly: true });
        if (!checked.success) return { kind: 'refused', message: checked.issues[0].message };
        const result = await valueOrRefusal(calls.save(input.id, checked.output, input.version, signal));
        if (result.kind === 'ok') return { kind: 'saved', record: result.value };
        if (result.code === EDIT_CONFLICT && input.id !== null)
          return { kind: 'conflict', current: await calls.load(input.id, signal) };
        return { kind: 'refused', message: result.message };
      }),
      imageUpload: imageUploadMachine.provide({
        actors: {
          uploadImage: fromPromise<string, ImageUploadInput>(({ input, signal }) =>
            uploadFormPhoto(input.file, input.slot, signal),
          ),
        },
      }),
    },
    actions: {
      created: (_, record) => {
        if (typeof record.id === 'number')
          navigate(`${home}/${record.id}`, { replace: true, state: { created: true } });
      },
    },
  });
}

/** A record form's actor, its record an `R`. */
export type EditRef<R extends EditRecord = EditRecord> = ActorRefFrom<AdminEditMachine<R>>;

/** Whether this page was opened by creating its record (liveEditMachine's `created`): its save bar says so. */
export const isJustCreated = () => {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && 'created' in state && state.created === true;
};

/** "Send again" for a failed message, through the staff API (docs/product-rules.md, Messages to customers). */
const liveMessageResend = messageResendMachine.provide({
  actors: {
    resendMessage: fromPromise<ResendResult, { id: number }>(async ({ input, signal }) => {
      const result = await valueOrRefusal(resendStaffMessage(input.id, signal));
      return result.kind === 'ok' ? { kind: 'resent', message: result.value } : result;
    }),
  },
});

/** A list of messages' "Send again": the rows sent again, the one being sent, and each row's error. */
export function useMessageResend() {
  const ref = useActorRef(liveMessageResend, inspectOptions());
  return {
    resent: useSelector(ref, selectResent),
    sending: useSelector(ref, selectSendingMessage),
    errors: useSelector(ref, selectResendErrors),
    resend: (message: AdminMessage) => ref.send({ type: 'message.resend', message }),
  };
}

export type MessageResend = ReturnType<typeof useMessageResend>;
