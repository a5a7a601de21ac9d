import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { track } from '../../../lib/analytics.ts';
import { registerWithEmail, signInWithGoogle } from '../../../lib/firebase.ts';
import { paths } from '../../../lib/paths.ts';
import { nlAuthErrors, nlSignIn } from '../../../messages/auth.ts';
import { nl } from '../../../messages/nl.ts';
import { nlOnboarding } from '../../../messages/onboarding.ts';
import { authErrorMessage } from '../auth-errors.ts';
import { dividerStyle, formStyle } from './auth-form-styles.ts';

/** Creates the Firebase account after the personal details; the gate then moves on to payment. */
export function RegisterForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

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

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return setError(nlAuthErrors['missing-email']);
    if (!password) return setError(nlSignIn.passwordRequired);
    void run(() => registerWithEmail(email.trim(), password));
  };

  const onGoogle = () =>
    void run(async () => {
      await signInWithGoogle();
      track('ONBOARDING_FLOW_REGISTER_WITH_GOOGLE');
    });

  return (
    <div css={formStyle}>
      <form css={formStyle} onSubmit={onSubmit} noValidate aria-label={nlOnboarding.register.title}>
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
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button type="submit" disabled={busy}>
          {busy ? nlOnboarding.register.submitting : nlOnboarding.register.submit}
        </Button>
      </form>
      <div css={dividerStyle}>{nlSignIn.or}</div>
      <Button variant="secondary" disabled={busy} onClick={onGoogle}>
        {nlOnboarding.register.google}
      </Button>
      <p>
        {nlOnboarding.register.haveAccount} <Link to={paths.auth.signIn}>{nl.account.signIn}</Link>
        {' · '}
        <Link to={paths.onboarding.personalDetails}>{nlOnboarding.register.editDetails}</Link>
      </p>
    </div>
  );
}
