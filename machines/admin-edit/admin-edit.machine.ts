import { assign, setup, stopChild, type ActorRefFrom, type DoneActorEvent } from 'xstate';
import type { PhotoSlot } from '../../contract/admin/images.ts';
import type { Outcome } from '../../contract/refusal.ts';
import { imageUploadMachine } from '../image-upload/image-upload.machine.ts';
import { messageOf } from '../shared/message-of.ts';
import { errorMessageOr, errorOf, unprovided } from '../shared/actor-events.ts';

/** A record as the back office edits it: its fields, and the version it was read at. */
export type EditRecord = Record<string, unknown> & { id?: number; version?: number };

/** What a save answered: the record as saved, someone else's newer version, or a refusal to read. */
export type SaveResult<R extends EditRecord = EditRecord> = Outcome<
  { kind: 'saved'; record: R } | { kind: 'conflict'; current: R }
>;

/** What `saveRecord` is given: the record's id (null to create), the form, the version it started from. */
export interface SaveInput {
  id: number | null;
  draft: EditRecord;
  version: number | null;
}

export interface AdminEditContext<R extends EditRecord = EditRecord> {
  /** null while creating a record. */
  id: number | null;
  /** The record as the server last answered it (what the edit started from). */
  record: R | null;
  /** The form's values. */
  draft: EditRecord;
  /** The form a new record starts from: what discarding the changes returns to while creating. */
  blank: EditRecord;
  /** Someone else's save that came first (shown beside the draft until resolved). */
  theirs: R | null;
  error: { message: string } | null;
  /**
   * Photos whose upload ended while a save was on its way: the save did not carry them, so they
   * go back into the form after it, which stays unsaved (dirty) until they are saved too.
   */
  late: EditRecord;
}

export type AdminEditEvent<R extends EditRecord = EditRecord> =
  | { type: 'edit.change'; field: string; value: unknown }
  | { type: 'edit.save' }
  | { type: 'edit.reset' }
  | { type: 'edit.retry' }
  | { type: 'conflict.keepMine' }
  | { type: 'conflict.takeTheirs' }
  | { type: 'image.choose'; field: string; slot: PhotoSlot; file: File | Blob }
  | { type: 'image.uploaded'; field: string; url: string }
  /** The record changed by a step on the same page (retired, restored): the form's new base. */
  | { type: 'edit.rebase'; record: R };

export const adminEditMessages = {
  loadFailed: 'Failed to load. Please try again.',
  saveFailed: 'Failed to save. Please try again.',
} as const;

/** The fields of the draft this editor changed from `base`: kept over a newer base. */
const mineOver = (draft: EditRecord, base: EditRecord, newer: EditRecord): EditRecord => {
  const mine = Object.entries(draft).filter(
    ([field, value]) => JSON.stringify(value ?? null) !== JSON.stringify(base[field] ?? null),
  );
  return { ...newer, ...Object.fromEntries(mine) };
};

type SaveDone<R extends EditRecord> = { event: DoneActorEvent<SaveResult<R>> };

/**
 * One record's form in the back office (docs/decisions/0034-edits-carry-the-version-they-started-from.md):
 * `loading` it (or starting empty to create one), then `editing.pristine` / `editing.dirty` as
 * fields change, `saving` with the version it started from, then `saved`, or `conflict` when
 * someone else saved first: the form keeps every value typed and shows theirs beside it, until
 * the editor keeps theirs (`conflict.takeTheirs`) or saves theirs over with their own
 * (`conflict.keepMine`, a new save from the newer version). A refusal (bad input) returns to the
 * dirty form with its message. Images are uploaded by a child `imageUpload` per field, which
 * reports the image's URL into the draft.
 *
 * One chart for every record: `R` is the record as the server answers it (src/live/admin.ts makes
 * each form's machine typed by its API calls). What stores an `R` is written in place: XState
 * cannot name an action whose parameter is a type parameter.
 */
export function createAdminEditMachine<R extends EditRecord>() {
  /** A record the server answered becomes the form: its base, its draft, its id. */
  const storeRecord = (context: AdminEditContext<R>, record: R) => ({
    record,
    draft: { ...record },
    id: record.id ?? context.id,
    theirs: null,
    error: null,
  });
  /** A save answered: a saved record becomes the form; any other answer leaves it. */
  const storeSaved = (context: AdminEditContext<R>, output: SaveResult<R>) =>
    output.kind === 'saved' ? storeRecord(context, output.record) : {};
  const savedRecord = ({ event }: SaveDone<R>): EditRecord =>
    event.output.kind === 'saved' ? event.output.record : {};
  /** A save answered: a new record's page learns its id (the saved record becomes the form, below). */
  const announceCreated = {
    type: 'created',
    params: ({ context, event }: SaveDone<R> & { context: AdminEditContext<R> }) =>
      context.record === null ? savedRecord({ event }) : {},
  } as const;

  return setup({
    types: {
      context: {} as AdminEditContext<R>,
      events: {} as AdminEditEvent<R>,
      input: {} as { id: number | null; draft?: EditRecord },
    },
    actors: {
      loadRecord: unprovided<R, { id: number }>('loadRecord not provided'),
      saveRecord: unprovided<SaveResult<R>, SaveInput>('saveRecord not provided'),
      imageUpload: imageUploadMachine,
    },
    actions: {
      change: assign({
        draft: ({ context }, change: { field: string; value: unknown }) => ({
          ...context.draft,
          [change.field]: change.value,
        }),
        error: null,
      }),
      resetDraft: assign({ draft: ({ context }) => ({ ...(context.record ?? context.blank) }), error: null }),
      storeError: assign({ error: (_, message: string) => ({ message }) }),
      storeFailure: assign({
        error: (_, error: unknown) => ({ message: messageOf(error, adminEditMessages.saveFailed) }),
      }),
      forgetLate: assign({ late: {} }),
      storeLate: assign({
        late: ({ context }, upload: { field: string; url: string }) => ({
          ...context.late,
          [upload.field]: upload.url,
        }),
      }),
      reapplyLate: assign({ draft: ({ context }) => ({ ...context.draft, ...context.late }), late: {} }),
      /**
       * Keep mine: the next save starts from their version (their record becomes the base), with
       * the fields this editor changed on top; a field only they changed keeps their value, so
       * neither save is lost (docs/product-rules.md, Roles and the back office).
       */
      baseOnTheirs: assign({
        record: ({ context }) => context.theirs,
        draft: ({ context }) => mineOver(context.draft, context.record ?? {}, context.theirs ?? {}),
        theirs: null,
      }),
      /** The record as a step on this page left it becomes the base; the fields I changed stay mine. */
      rebase: assign(({ context, event }) =>
        event.type === 'edit.rebase'
          ? { record: event.record, draft: mineOver(context.draft, context.record ?? {}, event.record) }
          : {},
      ),
      takeTheirs: assign({
        record: ({ context }) => context.theirs,
        draft: ({ context }) => ({ ...context.theirs }),
        theirs: null,
        error: null,
      }),
      /** A photo chosen again for a field replaces the one still uploading: its late answer must not win. */
      stopUpload: stopChild((_, field: string) => `upload.${field}`),
      startUpload: assign(({ spawn }, event: { field: string; slot: PhotoSlot; file: File | Blob }) => {
        spawn('imageUpload', { id: `upload.${event.field}`, input: event });
        return {};
      }),
      /** Supplied by the page: a created record's own address (its id is known now). */
      created: (_, _record: EditRecord) => {},
    },
    guards: {
      isCreating: ({ context }) => context.id === null,
      isSaved: (_, result: { kind: string }) => result.kind === 'saved',
      isSavedWithLateUploads: ({ context }, result: { kind: string }) =>
        result.kind === 'saved' && Object.keys(context.late).length > 0,
      isConflict: (_, result: { kind: string }) => result.kind === 'conflict',
      wasCreating: ({ context }) => context.record === null,
    },
  }).createMachine({
    id: 'adminEdit',
    context: ({ input }) => ({
      id: input.id,
      record: null,
      draft: input.draft ?? {},
      blank: input.draft ?? {},
      theirs: null,
      error: null,
      late: {},
    }),
    initial: 'starting',
    on: {
      'image.choose': {
        actions: [
          { type: 'stopUpload', params: ({ event }) => event.field },
          { type: 'startUpload', params: ({ event }) => event },
        ],
      },
    },
    states: {
      starting: {
        always: [{ guard: 'isCreating', target: 'editing.pristine' }, { target: 'loading' }],
      },
      loading: {
        tags: ['busy'],
        invoke: {
          src: 'loadRecord',
          input: ({ context }) => ({ id: context.id ?? 0 }),
          onDone: {
            target: 'editing.pristine',
            actions: assign(({ context, event }) => storeRecord(context, event.output)),
          },
          onError: {
            target: 'failed',
            actions: { type: 'storeError', params: errorMessageOr(adminEditMessages.loadFailed) },
          },
        },
      },
      failed: { on: { 'edit.retry': 'loading' } },
      editing: {
        on: {
          'edit.change': { target: '.dirty', actions: { type: 'change', params: ({ event }) => event } },
          'image.uploaded': {
            target: '.dirty',
            actions: { type: 'change', params: ({ event }) => ({ field: event.field, value: event.url }) },
          },
          'edit.save': 'saving',
          'edit.rebase': { actions: 'rebase' },
        },
        initial: 'pristine',
        states: {
          pristine: {},
          dirty: { on: { 'edit.reset': { target: 'pristine', actions: 'resetDraft' } } },
        },
      },
      saving: {
        tags: ['busy'],
        entry: 'forgetLate',
        on: {
          // Not in the draft this save sends: kept, and put back into the form once it answers.
          'image.uploaded': {
            actions: [
              { type: 'change', params: ({ event }) => ({ field: event.field, value: event.url }) },
              { type: 'storeLate', params: ({ event }) => event },
            ],
          },
        },
        invoke: {
          src: 'saveRecord',
          input: ({ context }) => ({
            id: context.id,
            draft: context.draft,
            version: typeof context.record?.version === 'number' ? context.record.version : null,
          }),
          onDone: [
            {
              guard: { type: 'isSavedWithLateUploads', params: ({ event }: SaveDone<R>) => event.output },
              target: 'editing.dirty',
              actions: [
                announceCreated,
                assign(({ context, event }) => storeSaved(context, event.output)),
                'reapplyLate',
              ],
            },
            {
              guard: { type: 'isSaved', params: ({ event }: SaveDone<R>) => event.output },
              target: 'saved',
              actions: [announceCreated, assign(({ context, event }) => storeSaved(context, event.output))],
            },
            {
              guard: { type: 'isConflict', params: ({ event }: SaveDone<R>) => event.output },
              target: 'conflict',
              actions: assign(({ context, event }) =>
                event.output.kind === 'conflict' ? { theirs: event.output.current, error: null } : context,
              ),
            },
            {
              target: 'editing.dirty',
              actions: {
                type: 'storeError',
                params: ({ event }: SaveDone<R>) =>
                  event.output.kind === 'refused' ? event.output.message : adminEditMessages.saveFailed,
              },
            },
          ],
          onError: { target: 'editing.dirty', actions: { type: 'storeFailure', params: errorOf } },
        },
      },
      saved: {
        on: {
          'edit.rebase': { actions: 'rebase' },
          'edit.change': {
            target: 'editing.dirty',
            actions: { type: 'change', params: ({ event }) => event },
          },
          'image.uploaded': {
            target: 'editing.dirty',
            actions: { type: 'change', params: ({ event }) => ({ field: event.field, value: event.url }) },
          },
        },
      },
      conflict: {
        on: {
          'edit.change': { actions: { type: 'change', params: ({ event }) => event } },
          'image.uploaded': {
            actions: { type: 'change', params: ({ event }) => ({ field: event.field, value: event.url }) },
          },
          'conflict.keepMine': { target: 'saving', actions: 'baseOnTheirs' },
          'conflict.takeTheirs': { target: 'editing.pristine', actions: 'takeTheirs' },
        },
      },
    },
  });
}

/** A record form's machine, its record an `R`. */
export type AdminEditMachine<R extends EditRecord> = ReturnType<typeof createAdminEditMachine<R>>;

/** The chart with any record, for the Stately visualiser, the diagrams and the model tests. */
export const adminEditMachine = createAdminEditMachine<EditRecord>();

export type ImageUploadRef = ActorRefFrom<typeof imageUploadMachine>;
