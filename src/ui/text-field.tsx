import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  id: string;
  label: ReactNode;
  /** A class beside `field` on the wrapper (a layout hook). */
  fieldClass?: string;
  /** What follows the input: its error, its hint. */
  children?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

/** A labelled input in the shop's field style: the label names it, then the input, then its error or hint. */
export function TextField({ id, label, fieldClass, children, ...input }: TextFieldProps) {
  return (
    <div className={fieldClass ? `field ${fieldClass}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      <input id={id} className="input" {...input} />
      {children}
    </div>
  );
}
