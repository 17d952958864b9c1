import { useId, useState, type FormEvent } from 'react';
import { validateLogin } from '../../machines/session/auth-forms.ts';
import { selectError, selectIsSigningIn } from '../../machines/session/session.selectors.ts';
import { SessionContext } from './session.tsx';

/**
 * The sign-in form's state, submit and error, shared by the shop's /login and the back office's
 * own sign-in (docs/product-rules.md, Sign-in, registration and tokens): the fields are checked
 * here first (a blank one is this form's error), then the session machine signs in and its
 * refusal is the error shown. Each page keeps its own look and words.
 */
export function useSignInForm({ remember, returnTo }: { remember: boolean; returnTo: string }) {
  const session = SessionContext.useActorRef();
  const signingIn = SessionContext.useSelector(selectIsSigningIn);
  const serverError = SessionContext.useSelector(selectError);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [invalid, setInvalid] = useState<string>();
  const id = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const result = validateLogin({ email, password });
    if (!result.ok) {
      setInvalid(result.message);
      return;
    }
    setInvalid(undefined);
    session.send({ type: 'session.login', ...result.request, remember, returnTo });
  };

  const error = invalid ?? serverError;
  return {
    id,
    email,
    setEmail,
    password,
    setPassword,
    invalid,
    signingIn,
    submit,
    error,
    errorId: `${id}-error`,
  };
}

export type SignInForm = ReturnType<typeof useSignInForm>;

/**
 * The form's two fields, email and password, labelled, marked invalid when left blank and
 * described by the form's error; the email field's autocomplete hint is each page's own.
 */
export function SignInFields({
  form,
  emailAutoComplete,
}: {
  form: SignInForm;
  emailAutoComplete: 'email' | 'username';
}) {
  const { id, email, setEmail, password, setPassword, invalid, error, errorId } = form;
  const described = error ? errorId : undefined;
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-email`}>Email address</label>
        <input
          id={`${id}-email`}
          className="input"
          type="email"
          name="email"
          autoComplete={emailAutoComplete}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={invalid !== undefined && email.trim() === '' ? true : undefined}
          aria-describedby={described}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-password`}>Password</label>
        <input
          id={`${id}-password`}
          className="input"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={invalid !== undefined && password.trim() === '' ? true : undefined}
          aria-describedby={described}
        />
      </div>
    </>
  );
}
