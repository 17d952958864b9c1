import type { SnapshotFrom } from 'xstate';
import type { catalogueListMachine } from './catalogue-list.machine.ts';

type Snapshot = SnapshotFrom<typeof catalogueListMachine>;

/** What the filter form shows (texts still being typed included). */
export const selectDraft = (s: Snapshot) => s.context.draft;
/** The loaded items, typed by the page that supplied the loader; undefined before the first answer. */
export const selectItems = <T>(s: Snapshot) => s.context.items as readonly T[] | undefined;
export const selectTotal = (s: Snapshot) => s.context.total;
/** How many items of the filtered list are not shown yet. */
export const selectRemaining = (s: Snapshot) => Math.max(0, s.context.total - (s.context.items?.length ?? 0));
/** The first page is on its way and nothing is shown yet: a spinner. */
export const selectIsFirstLoad = (s: Snapshot) => s.context.items === undefined && !s.matches('failed');
/** The list failed to load (a banner with Retry in place of the list). */
export const selectFailure = (s: Snapshot) => (s.matches('failed') ? s.context.error : undefined);
/** The next page failed to load (a banner with Retry under the list shown so far). */
export const selectMoreFailure = (s: Snapshot) =>
  s.matches({ showing: 'moreFailed' }) ? s.context.error : undefined;
/** The list shown is about to change (typing, or an answer on its way). */
export const selectIsBusy = (s: Snapshot) => s.hasTag('busy');
export const selectIsLoadingMore = (s: Snapshot) => s.matches({ showing: 'loadingMore' });
