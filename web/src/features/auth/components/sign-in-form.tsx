import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { sendPasswordReset, signInWithEmail, signInWithGoogle } from '../../../lib/firebase.ts';
import { paths } from '../../../lib/paths.ts';
import { nlAuthErrors, nlSignIn } from '../../../messages/auth.ts';
import { nl } from '../../../messages/nl.ts';
import { authErrorMessage } from '../auth-errors.ts';
import { dividerStyle, formStyle, linkButtonStyle } from './auth-form-styles.ts';

/**
 * E-mail + password and Google sign-in, and the password-reset request. After a successful
 * sign-in the page's account-state gate sends the user on to the route of their state.
 */
export function SignInForm() {
  const [mode, setMode] = useState<'signIn' | 'reset'>('signIn');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resetSentTo, setResetSentTo] = useState<string | null>(null);

  const run = async (action: () => Promise<unknown>) => {
    setError(null);
    setBusy(true);
    try {
      await action();
    } catch (err) {
      setError(authErrorMessage(err));
      setBusy(false);
    }
  };

  const onSignIn = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return setError(nlAuthErrors['missing-email']);
    if (!password) return setError(nlSignIn.passwordRequired);
    // Stays busy on success: the gate redirects as soon as the account state is known.
    void run(() => signInWithEmail(email.trim(), password));
  };

  const onReset = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return setError(nlAuthErrors['missing-email']);
    void run(async () => {
      await sendPasswordReset(email.trim());
      setResetSentTo(email.trim());
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
        <TextField
          label={nlSignIn.email}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Button type="submit" disabled={busy}>
          {nlSignIn.resetSubmit}
        </Button>
        <button
          type="button"
          css={linkButtonStyle}
          onClick={() => {
            setMode('signIn');
            setError(null);
            setResetSentTo(null);
          }}
        >
          {nlSignIn.backToSignIn}
        </button>
      </form>
    );
  }

  return (
    <div css={formStyle}>
      <form css={formStyle} onSubmit={onSignIn} noValidate aria-label={nlSignIn.title}>
        {error ? <FormMessage kind="error">{error}</FormMessage> : null}
        <TextField
          label={nlSignIn.email}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          label={nlSignIn.password}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button type="submit" disabled={busy}>
          {busy ? nlSignIn.submitting : nlSignIn.submit}
        </Button>
      </form>
      <div css={dividerStyle}>{nlSignIn.or}</div>
      <Button variant="secondary" disabled={busy} onClick={() => void run(() => signInWithGoogle())}>
        {nlSignIn.google}
      </Button>
      <button
        type="button"
        css={linkButtonStyle}
        onClick={() => {
          setMode('reset');
          setError(null);
        }}
      >
        {nlSignIn.forgotPassword}
      </button>
      <p>
        {nlSignIn.noAccount} <Link to={paths.onboarding.personalDetails}>{nl.account.join}</Link>
      </p>
    </div>
  );
}
