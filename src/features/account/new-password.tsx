import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { authMessages } from '../../../contract/auth.ts';
import { ErrorBanner } from '../../ui/status.tsx';
import { TextField } from '../../ui/text-field.tsx';
import type { useAccountForm } from './use-account-form.ts';

type AccountForm = ReturnType<typeof useAccountForm>;

/**
 * A new password typed twice (the reset link, a staff invitation): the one check the contract
 * cannot make is that both boxes say the same; any edit clears the mismatch and the form's error.
 */
export function useNewPassword(form: AccountForm) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const edited = (set: (value: string) => void) => (value: string) => {
    set(value);
    setMismatch(false);
    form.edited();
  };
  return {
    password,
    confirm,
    mismatch,
    edited,
    setPassword: edited(setPassword),
    setConfirm: edited(setConfirm),
    /** Sends `request` with the password, once both boxes agree. */
    submit: (e: FormEvent, request: object) => {
      e.preventDefault();
      setMismatch(password !== confirm);
      if (password === confirm) form.submit({ ...request, password });
    },
  };
}

export type NewPassword = ReturnType<typeof useNewPassword>;

/** The banner for a mismatch or the server's refusal. */
export function NewPasswordError({ pw, form }: { pw: NewPassword; form: AccountForm }) {
  return pw.mismatch || form.error ? (
    <ErrorBanner message={pw.mismatch ? authMessages.passwordMismatch : form.error!} />
  ) : null;
}

/** The two password boxes. */
export function NewPasswordFields({
  id,
  pw,
  labels,
}: {
  id: string;
  pw: NewPassword;
  labels: [string, string];
}) {
  const boxes = [
    ['password', pw.password, pw.setPassword],
    ['confirm', pw.confirm, pw.setConfirm],
  ] as const;
  return (
    <>
      {boxes.map(([name, value, setValue], i) => (
        <TextField
          key={name}
          id={`${id}-${name}`}
          label={labels[i]}
          type="password"
          autoComplete="new-password"
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
      ))}
    </>
  );
}

/** The new password is set: the server's words, and the way to sign in with it. */
export function PasswordSetNotice({ result, signInAt }: { result: string; signInAt: string }) {
  return (
    <>
      <p className="auth-card__notice" role="status">
        {result}
      </p>
      <Link href={signInAt} className="button button--primary">
        Sign in
      </Link>
    </>
  );
}
