import type { EditRecord } from '../../../../machines/admin-edit/admin-edit.machine.ts';
import { useSelector } from '@xstate/react';
import { useId, useState, type ChangeEvent, type ReactNode } from 'react';
import { KEPT_UPLOAD, type PhotoSlot } from '../../../../contract/admin/images.ts';
import { uploadPath } from '../../../../contract/lifecycle.ts';
import { fromIndiaDateTimeText, indiaDateTimeText } from '../../../../contract/india-time.ts';
import { selectDraft, selectUploadOf } from '../../../../machines/admin-edit/admin-edit.selectors.ts';
import {
  selectCanRetryUpload,
  selectIsUploading,
  selectUploadError,
} from '../../../../machines/image-upload/image-upload.selectors.ts';
import type { EditRef } from '../../../live/admin.ts';
import { imageUrl } from '../../../lib/config.ts';
import { RichText } from '../../../ui/rich-text.tsx';

/** Dates and times are typed in India's time, whatever the computer's clock says. */
export const isoToIstInput = (iso: unknown) => (typeof iso === 'string' && iso ? indiaDateTimeText(iso) : '');
export const istInputToIso = (value: string) => (value ? fromIndiaDateTimeText(value) : '');

/** A draft's value as text: strings and numbers as they are, anything else as `fallback`. */
export const textOf = (value: unknown, fallback = '') =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : fallback;

export interface FieldSpec {
  name: string;
  label: string;
  kind?:
    | 'text'
    | 'textarea'
    | 'markup'
    | 'number'
    | 'money'
    | 'datetime'
    | 'date'
    | 'checkbox'
    | 'select'
    | 'image'
    | 'list';
  options?: readonly (readonly [string, string])[];
  hint?: string;
  wide?: boolean;
  /** An image field's slot: a catalogue image's, or KEPT_UPLOAD for a photo kept as uploaded (its id). */
  slot?: PhotoSlot;
  /** A nullable number: empty means null. */
  optional?: boolean;
  /** In a dialog (DialogFields): the browser's checks before the form is sent. */
  required?: boolean;
  min?: number;
  max?: number;
  maxLength?: number;
  /** A text input's type in a dialog (`email`, `url`). */
  inputType?: 'email' | 'url';
}

function ImageInput<R extends EditRecord>({
  edit,
  spec,
  id,
}: {
  edit: EditRef<R>;
  spec: FieldSpec;
  id: string;
}) {
  const draft = useSelector(edit, selectDraft);
  const upload = useSelector(edit, selectUploadOf(spec.name));
  const uploading = useSelector(upload, (s) => selectIsUploading(s));
  const error = useSelector(upload, (s) => selectUploadError(s));
  const canRetry = useSelector(upload, (s) => selectCanRetryUpload(s));
  const value = textOf(draft[spec.name]);
  const kept = spec.slot === KEPT_UPLOAD;
  // A kept upload is named by its id and served at its own path, only as the image it is.
  const src = kept && value ? imageUrl(uploadPath(value)) : imageUrl(value);
  return (
    <div className="bo-image">
      {value ? (
        kept ? (
          <a href={src} target="_blank" rel="noreferrer">
            <img src={src} alt={spec.label} />
          </a>
        ) : (
          <img src={src} alt="" />
        )
      ) : (
        <span className="bo-muted">No image yet</span>
      )}
      <div className="field">
        <input
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          aria-describedby={`${id}-hint`}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file)
              edit.send({ type: 'image.choose', field: spec.name, slot: spec.slot ?? 'product', file });
          }}
        />
        <span id={`${id}-hint`} className="bo-hint" role="status">
          {uploading
            ? 'Uploading and resizing...'
            : (error ??
              (kept
                ? 'JPEG, PNG or WebP, up to 5 MB; kept as taken.'
                : 'JPEG, PNG or WebP, up to 5 MB; resized for the shop.'))}
        </span>
        {canRetry && (
          <button
            type="button"
            className="button button--small"
            onClick={() => upload?.send({ type: 'upload.retry' })}
          >
            Try again
          </button>
        )}
      </div>
    </div>
  );
}

const listItems = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/**
 * A list typed as text separated by commas. The draft holds the list; the text as typed stays in
 * the box (a comma just typed is not an item yet, and would vanish if the box showed the list).
 * When the draft's list changes from elsewhere (discarded changes, their save), the box shows it.
 */
function ListInput({
  id,
  value,
  describedBy,
  onChange,
}: {
  id: string;
  value: unknown;
  describedBy: string | undefined;
  onChange: (items: string[]) => void;
}) {
  const joined = Array.isArray(value) ? value.map(String).join(', ') : '';
  const [text, setText] = useState(joined);
  const [shown, setShown] = useState(joined);
  if (joined !== shown) {
    setShown(joined);
    if (listItems(text).join(', ') !== joined) setText(joined);
  }
  return (
    <input
      id={id}
      className="input"
      value={text}
      aria-describedby={describedBy}
      onChange={(e) => {
        setText(e.target.value);
        onChange(listItems(e.target.value));
      }}
    />
  );
}

/** A select field's options, as its spec lists them. */
export const SpecOptions = ({ spec }: { spec: FieldSpec }) =>
  spec.options?.map(([optionValue, label]) => (
    <option key={optionValue} value={optionValue}>
      {label}
    </option>
  ));

/** A field's hint under it (`{id}-hint`, which the control is described by), if its spec has one. */
export const SpecHint = ({ id, spec }: { id: string; spec: FieldSpec }) =>
  spec.hint ? (
    <span id={`${id}-hint`} className="bo-hint">
      {spec.hint}
    </span>
  ) : null;

/** One field of an edit form, reading and writing the form machine's draft. */
export function FormField<R extends EditRecord>({ edit, spec }: { edit: EditRef<R>; spec: FieldSpec }) {
  const id = useId();
  const draft = useSelector(edit, selectDraft);
  const value = draft[spec.name];
  const change = (next: unknown) => edit.send({ type: 'edit.change', field: spec.name, value: next });
  const kind = spec.kind ?? 'text';
  const className = `field${spec.wide || kind === 'markup' || kind === 'textarea' ? ' field--wide' : ''}`;
  if (kind === 'checkbox')
    return (
      <div className={className}>
        <label className="bo-check">
          <input type="checkbox" checked={value === true} onChange={(e) => change(e.target.checked)} />
          {spec.label}
        </label>
        {spec.hint && <span className="bo-hint">{spec.hint}</span>}
      </div>
    );
  let control: ReactNode;
  const describedBy = spec.hint ? `${id}-hint` : undefined;
  // A free-text box, one line or many: its text, its hint, what a keystroke changes.
  const text = {
    id,
    value: typeof value === 'string' ? value : '',
    'aria-describedby': describedBy,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => change(e.target.value),
  };
  switch (kind) {
    case 'textarea':
    case 'markup':
      control = <textarea className="textarea" {...text} />;
      break;
    case 'number':
    case 'money':
      control = (
        <input
          id={id}
          className="input"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={typeof value === 'number' ? value : ''}
          aria-describedby={describedBy}
          onChange={(e) =>
            change(e.target.value === '' ? (spec.optional ? null : '') : Number(e.target.value))
          }
        />
      );
      break;
    case 'datetime':
      control = (
        <input
          id={id}
          className="input"
          type="datetime-local"
          value={isoToIstInput(value)}
          aria-describedby={describedBy}
          onChange={(e) => change(e.target.value ? istInputToIso(e.target.value) : spec.optional ? null : '')}
        />
      );
      break;
    case 'date':
      // A calendar date as YYYY-MM-DD; empty is not given (null).
      control = (
        <input className="input" type="date" {...text} onChange={(e) => change(e.target.value || null)} />
      );
      break;
    case 'select':
      control = (
        <select
          id={id}
          className="select"
          value={textOf(value)}
          aria-describedby={describedBy}
          onChange={(e) =>
            change(
              /^\d+$/.test(e.target.value) && spec.name.endsWith('Id')
                ? Number(e.target.value)
                : e.target.value,
            )
          }
        >
          <SpecOptions spec={spec} />
        </select>
      );
      break;
    case 'list':
      control = <ListInput id={id} value={value} describedBy={describedBy} onChange={change} />;
      break;
    case 'image':
      control = <ImageInput edit={edit} spec={spec} id={id} />;
      break;
    default:
      control = <input className="input" {...text} />;
  }
  return (
    <div className={className}>
      <label htmlFor={id}>{spec.label}</label>
      {control}
      <SpecHint id={id} spec={spec} />
      {kind === 'markup' && typeof value === 'string' && value.trim() && (
        <div className="bo-preview" aria-label={`${spec.label} as the shop shows it`}>
          <RichText html={value} className="" />
        </div>
      )}
    </div>
  );
}
