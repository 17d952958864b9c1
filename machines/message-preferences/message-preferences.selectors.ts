import type { SnapshotFrom } from 'xstate';
import type { messagePreferencesMachine } from './message-preferences.machine.ts';

type Snapshot = SnapshotFrom<typeof messagePreferencesMachine>;

export const selectIsLoading = (s: Snapshot) => s.matches('loading');
export const selectLoadFailed = (s: Snapshot) => s.matches('failed');
export const selectIsUnavailable = (s: Snapshot) => s.matches('unavailable');
export const selectIsSaving = (s: Snapshot) => s.matches('saving');
export const selectPreferences = (s: Snapshot) => s.context.preferences;
export const selectMessages = (s: Snapshot) => s.context.messages;
export const selectName = (s: Snapshot) => s.context.name;
export const selectWhatsappForm = (s: Snapshot) => s.context.whatsappForm;
export const selectError = (s: Snapshot) => s.context.error?.message ?? null;
export const selectNotice = (s: Snapshot) => s.context.notice;
export const selectCanSwitch = (s: Snapshot) => s.matches('ready');
export const selectCanConfirm = (s: Snapshot) => s.can({ type: 'preferences.whatsappConfirmed' });
