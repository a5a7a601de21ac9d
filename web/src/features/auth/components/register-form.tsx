import { useState } from 'react';
import { Link } from 'react-router-dom';
import { track } from '../../../lib/analytics.ts';
import { registerWithEmail, signInWithGoogle } from '../../../lib/firebase.ts';
import { paths } from '../../../lib/paths.ts';
import { nl } from '../../../messages/nl.ts';
import { nlOnboarding } from '../../../messages/onboarding.ts';
import { useAuthAction } from '../hooks/use-auth-action.ts';
import { formStyle } from './auth-form-styles.ts';
import { CredentialsForm, noCredentials } from './credentials-form.tsx';

/** Creates the Firebase account after the personal details; the gate then moves on to payment. */
export function RegisterForm() {
  const [credentials, setCredentials] = useState(noCredentials);
  const action = useAuthAction();
  const t = nlOnboarding.register;

  return (
    <div css={formStyle}>
      <CredentialsForm
        label={t.title}
        value={credentials}
        onChange={setCredentials}
        action={action}
        newPassword
        submit={t.submit}
        submitting={t.submitting}
        google={t.google}
        onSubmit={registerWithEmail}
        onGoogle={async () => {
          await signInWithGoogle();
          track('ONBOARDING_FLOW_REGISTER_WITH_GOOGLE');
        }}
      />
      <p>
        {t.haveAccount} <Link to={paths.auth.signIn}>{nl.account.signIn}</Link>
        {' · '}
        <Link to={paths.onboarding.personalDetails}>{t.editDetails}</Link>
      </p>
    </div>
  );
}
