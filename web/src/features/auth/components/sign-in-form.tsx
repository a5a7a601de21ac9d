import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { hasValue } from '../../../lib/field-errors.ts';
import { sendPasswordReset, signInWithEmail, signInWithGoogle } from '../../../lib/firebase.ts';
import { paths } from '../../../lib/paths.ts';
import { signedInStart } from '../../../lib/preload.ts';
import { nlAuthErrors, nlSignIn } from '../../../messages/auth.ts';
import { nl } from '../../../messages/nl.ts';
import { useAuthForm } from '../hooks/use-auth-form.ts';
import { formStyle, linkButtonStyle } from './auth-form-styles.ts';
import { CredentialsForm, EmailField } from './credentials-form.tsx';

/** Signs in; the account and the timeline's data start at once, beside the app moving on. */
async function signIn(email: string, password: string) {
  const user = await signInWithEmail(email, password);
  signedInStart.run?.(user.uid);
  return user;
}

/**
 * E-mail + password and Google sign-in, and the password-reset request. After a successful
 * sign-in the page's account-state gate sends the user on to the route of their state.
 */
export function SignInForm() {
  const [mode, setMode] = useState<'signIn' | 'reset'>('signIn');
  const [resetSentTo, setResetSentTo] = useState<string | null>(null);
  const form = useAuthForm();
  const { credentials, setCredentials, error, setError, busy, setBusy, run } = form;
  const email = credentials.email.trim();

  // Each form starts without the other's messages.
  const switchTo = (next: typeof mode) => {
    setMode(next);
    setError(null);
    setResetSentTo(null);
  };

  const onReset = (event: FormEvent) => {
    event.preventDefault();
    if (!email) return setError(nlAuthErrors['missing-email']);
    void run(async () => {
      await sendPasswordReset(email);
      setResetSentTo(email);
      setBusy(false);
    });
  };

  if (mode === 'reset') {
    return (
      <form css={formStyle} onSubmit={onReset} noValidate aria-labelledby="reset-title">
        <h2 id="reset-title">{nlSignIn.resetTitle}</h2>
        <p>{nlSignIn.resetIntro}</p>
        {error ? <FormMessage kind="error">{error}</FormMessage> : null}
        {resetSentTo ? <FormMessage kind="success">{nlSignIn.resetSent(resetSentTo)}</FormMessage> : null}
        <EmailField
          value={credentials.email}
          onChange={(next) => {
            setCredentials({ ...credentials, email: next });
            // Spec 5: 'fill in your address' clears once the field has a value.
            if (error === nlAuthErrors['missing-email'] && hasValue(next)) setError(null);
          }}
        />
        <Button type="submit" disabled={busy}>
          {nlSignIn.resetSubmit}
        </Button>
        <button type="button" css={linkButtonStyle} onClick={() => switchTo('signIn')}>
          {nlSignIn.backToSignIn}
        </button>
      </form>
    );
  }

  return (
    <div css={formStyle}>
      <CredentialsForm texts={nlSignIn} form={form} onSubmit={signIn} onGoogle={signInWithGoogle} />
      <button type="button" css={linkButtonStyle} onClick={() => switchTo('reset')}>
        {nlSignIn.forgotPassword}
      </button>
      <p>
        {nlSignIn.noAccount} <Link to={paths.onboarding.personalDetails}>{nl.account.join}</Link>
      </p>
    </div>
  );
}
