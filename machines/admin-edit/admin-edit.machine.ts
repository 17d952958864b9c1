import {
  assign,
  fromPromise,
  setup,
  stopChild,
  type ActorRefFrom,
  type DoneActorEvent,
  type ErrorActorEvent,
} from 'xstate';
import type { ImageSlot } from '../../contract/admin/images.ts';
import type { Outcome } from '../../contract/refusal.ts';
import { imageUploadMachine } from '../image-upload/image-upload.machine.ts';

/** A record as the back office edits it: its fields, and the version it was read at. */
export type EditRecord = Record<string, unknown> & { id?: number; version?: number };

/** What a save answered: the record as saved, someone else's newer version, or a refusal to read. */
export type SaveResult = Outcome<
  { kind: 'saved'; record: EditRecord } | { kind: 'conflict'; current: EditRecord }
>;

export interface AdminEditContext {
  /** null while creating a record. */
  id: number | null;
  /** The record as the server last answered it (what the edit started from). */
  record: EditRecord | null;
  /** The form's values. */
  draft: EditRecord;
  /** The form a new record starts from: what discarding the changes returns to while creating. */
  blank: EditRecord;
  /** Someone else's save that came first (shown beside the draft until resolved). */
  theirs: EditRecord | null;
  error: { message: string } | null;
  /**
   * Photos whose upload ended while a save was on its way: the save did not carry them, so they
   * go back into the form after it, which stays unsaved (dirty) until they are saved too.
   */
  late: EditRecord;
}

export type AdminEditEvent =
  | { type: 'edit.change'; field: string; value: unknown }
  | { type: 'edit.save' }
  | { type: 'edit.reset' }
  | { type: 'edit.retry' }
  | { type: 'conflict.keepMine' }
  | { type: 'conflict.takeTheirs' }
  | { type: 'image.choose'; field: string; slot: ImageSlot; file: File | Blob }
  | { type: 'image.uploaded'; field: string; url: string }
  /** The record changed by a step on the same page (retired, restored): the form's new base. */
  | { type: 'edit.rebase'; record: EditRecord };

const messageOf = (error: unknown, fallback: string) => {
  const message = (error as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message ? message : fallback;
};

export const adminEditMessages = {
  loadFailed: 'Failed to load. Please try again.',
  saveFailed: 'Failed to save. Please try again.',
} as const;

/**
 * One record's form in the back office (docs/decisions/0034-edits-carry-the-version-they-started-from.md):
 * `loading` it (or starting empty to create one), then `editing.pristine` / `editing.dirty` as
 * fields change, `saving` with the version it started from, then `saved`, or `conflict` when
 * someone else saved first: the form keeps every value typed and shows theirs beside it, until
 * the editor keeps theirs (`conflict.takeTheirs`) or saves theirs over with their own
 * (`conflict.keepMine`, a new save from the newer version). A refusal (bad input) returns to the
 * dirty form with its message. Images are uploaded by a child `imageUpload` per field, which
 * reports the image's URL into the draft.
 */
type SaveDone = { context: AdminEditContext; event: DoneActorEvent<SaveResult> };
const savedRecord = ({ event }: SaveDone) => (event.output.kind === 'saved' ? event.output.record : {});
/** A save answered: a new record's page learns its id, and the saved record becomes the form. */
const whenSaved = [
  {
    type: 'created',
    params: ({ context, event }: SaveDone) =>
      context.record === null ? savedRecord({ context, event }) : {},
  },
  { type: 'storeRecord', params: savedRecord },
] as const;

export const adminEditMachine = setup({
  types: {
    context: {} as AdminEditContext,
    events: {} as AdminEditEvent,
    input: {} as { id: number | null; draft?: EditRecord },
  },
  actors: {
    loadRecord: fromPromise<EditRecord, { id: number }>(() =>
      Promise.reject(new Error('loadRecord not provided')),
    ),
    saveRecord: fromPromise<SaveResult, { id: number | null; draft: EditRecord; version: number | null }>(
      () => Promise.reject(new Error('saveRecord not provided')),
    ),
    imageUpload: imageUploadMachine,
  },
  actions: {
    storeRecord: assign({
      record: (_, record: EditRecord) => record,
      draft: (_, record: EditRecord) => ({ ...record }),
      id: ({ context }, record: EditRecord) => record.id ?? context.id,
      theirs: null,
      error: null,
    }),
    change: assign({
      draft: ({ context }, change: { field: string; value: unknown }) => ({
        ...context.draft,
        [change.field]: change.value,
      }),
      error: null,
    }),
    resetDraft: assign({ draft: ({ context }) => ({ ...(context.record ?? context.blank) }), error: null }),
    storeError: assign({ error: (_, message: string) => ({ message }) }),
    forgetLate: assign({ late: {} }),
    storeLate: assign({
      late: ({ context }, upload: { field: string; url: string }) => ({
        ...context.late,
        [upload.field]: upload.url,
      }),
    }),
    reapplyLate: assign({ draft: ({ context }) => ({ ...context.draft, ...context.late }), late: {} }),
    storeTheirs: assign({ theirs: (_, current: EditRecord) => current, error: null }),
    /**
     * Keep mine: the next save starts from their version (their record becomes the base), with
     * the fields this editor changed on top; a field only they changed keeps their value, so
     * neither save is lost (docs/product-rules.md, Roles and the back office).
     */
    baseOnTheirs: assign({
      record: ({ context }) => context.theirs,
      draft: ({ context }) => {
        const base = context.record ?? {};
        const mine = Object.entries(context.draft).filter(
          ([field, value]) => JSON.stringify(value ?? null) !== JSON.stringify(base[field] ?? null),
        );
        return { ...context.theirs!, ...Object.fromEntries(mine) };
      },
      theirs: null,
    }),
    /** The record as a step on this page left it becomes the base; the fields I changed stay mine. */
    rebase: assign({
      record: (_, record: EditRecord) => record,
      draft: ({ context }, record: EditRecord) => {
        const base = context.record ?? {};
        const mine = Object.entries(context.draft).filter(
          ([field, value]) => JSON.stringify(value ?? null) !== JSON.stringify(base[field] ?? null),
        );
        return { ...record, ...Object.fromEntries(mine) };
      },
    }),
    takeTheirs: assign({
      record: ({ context }) => context.theirs,
      draft: ({ context }) => ({ ...context.theirs! }),
      theirs: null,
      error: null,
    }),
    /** A photo chosen again for a field replaces the one still uploading: its late answer must not win. */
    stopUpload: stopChild((_, field: string) => `upload.${field}`),
    startUpload: assign(({ spawn }, event: { field: string; slot: ImageSlot; file: File | Blob }) => {
      spawn('imageUpload', { id: `upload.${event.field}`, input: event });
      return {};
    }),
    /** Supplied by the page: a created record's own address (its id is known now). */
    created: (_, _record: EditRecord) => {},
  },
  guards: {
    isCreating: ({ context }) => context.id === null,
    isSaved: (_, result: SaveResult) => result.kind === 'saved',
    isSavedWithLateUploads: ({ context }, result: SaveResult) =>
      result.kind === 'saved' && Object.keys(context.late).length > 0,
    isConflict: (_, result: SaveResult) => result.kind === 'conflict',
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
        input: ({ context }) => ({ id: context.id! }),
        onDone: {
          target: 'editing.pristine',
          actions: {
            type: 'storeRecord',
            params: ({ event }: { event: DoneActorEvent<EditRecord> }) => event.output,
          },
        },
        onError: {
          target: 'failed',
          actions: {
            type: 'storeError',
            params: ({ event }: { event: ErrorActorEvent }) =>
              messageOf(event.error, adminEditMessages.loadFailed),
          },
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
        'edit.rebase': { actions: { type: 'rebase', params: ({ event }) => event.record } },
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
            guard: {
              type: 'isSavedWithLateUploads',
              params: ({ event }: { event: DoneActorEvent<SaveResult> }) => event.output,
            },
            target: 'editing.dirty',
            actions: [...whenSaved, 'reapplyLate'],
          },
          {
            guard: {
              type: 'isSaved',
              params: ({ event }: { event: DoneActorEvent<SaveResult> }) => event.output,
            },
            target: 'saved',
            actions: [...whenSaved],
          },
          {
            guard: {
              type: 'isConflict',
              params: ({ event }: { event: DoneActorEvent<SaveResult> }) => event.output,
            },
            target: 'conflict',
            actions: {
              type: 'storeTheirs',
              params: ({ event }: { event: DoneActorEvent<SaveResult> }) =>
                event.output.kind === 'conflict' ? event.output.current : {},
            },
          },
          {
            target: 'editing.dirty',
            actions: {
              type: 'storeError',
              params: ({ event }: { event: DoneActorEvent<SaveResult> }) =>
                event.output.kind === 'refused' ? event.output.message : adminEditMessages.saveFailed,
            },
          },
        ],
        onError: {
          target: 'editing.dirty',
          actions: {
            type: 'storeError',
            params: ({ event }: { event: ErrorActorEvent }) =>
              messageOf(event.error, adminEditMessages.saveFailed),
          },
        },
      },
    },
    saved: {
      on: {
        'edit.rebase': { actions: { type: 'rebase', params: ({ event }) => event.record } },
        'edit.change': { target: 'editing.dirty', actions: { type: 'change', params: ({ event }) => event } },
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

export type ImageUploadRef = ActorRefFrom<typeof imageUploadMachine>;
