import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { hasValue } from '../../../lib/field-errors.ts';
import { nlAuthErrors, nlSignIn } from '../../../messages/auth.ts';
import type { AuthForm } from '../hooks/use-auth-form.ts';
import { dividerStyle, formStyle } from './auth-form-styles.ts';

/** The e-mail address field of the sign-in, password-reset and register forms. */
export function EmailField({ value, onChange }: { value: string; onChange: (email: string) => void }) {
  return (
    <TextField
      label={nlSignIn.email}
      type="email"
      name="email"
      autoComplete="email"
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/**
 * E-mail + password with Google below it: the sign-in form and the register step. Asks for an
 * address and a password first (spec 8 texts), then runs `onSubmit` with the trimmed address.
 */
export function CredentialsForm({
  texts,
  form,
  newPassword = false,
  onSubmit,
  onGoogle,
}: {
  texts: { title: string; submit: string; submitting: string; google: string };
  form: AuthForm;
  /** Registration: the browser may suggest a new password. */
  newPassword?: boolean;
  onSubmit: (email: string, password: string) => Promise<unknown>;
  onGoogle: () => Promise<unknown>;
}) {
  const { credentials, setCredentials, error, setError, busy, run } = form;
  const { email, password } = credentials;
  // The field a 'fill in' message is about: spec 5's rule, its message clears once that field has a value.
  const [missing, setMissing] = useState<'email' | 'password' | null>(null);
  const change = (field: 'email' | 'password', value: string) => {
    setCredentials({ ...credentials, [field]: value });
    if (missing === field && hasValue(value)) {
      setMissing(null);
      setError(null);
    }
  };

  const submitForm = (event: FormEvent) => {
    event.preventDefault();
    const empty = !email.trim() ? 'email' : !password ? 'password' : null;
    setMissing(empty);
    if (empty === 'email') return setError(nlAuthErrors['missing-email']);
    if (empty === 'password') return setError(nlSignIn.passwordRequired);
    void run(() => onSubmit(email.trim(), password));
  };

  return (
    <>
      <form css={formStyle} onSubmit={submitForm} noValidate aria-label={texts.title}>
        {error ? <FormMessage kind="error">{error}</FormMessage> : null}
        <EmailField value={email} onChange={(next) => change('email', next)} />
        <TextField
          label={nlSignIn.password}
          type="password"
          name="password"
          autoComplete={newPassword ? 'new-password' : 'current-password'}
          value={password}
          onChange={(e) => change('password', e.target.value)}
        />
        <Button type="submit" disabled={busy}>
          {busy ? texts.submitting : texts.submit}
        </Button>
      </form>
      <div css={dividerStyle}>{nlSignIn.or}</div>
      <Button variant="secondary" disabled={busy} onClick={() => void run(onGoogle)}>
        {texts.google}
      </Button>
    </>
  );
}
