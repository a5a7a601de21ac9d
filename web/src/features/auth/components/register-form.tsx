import { Link } from 'react-router-dom';
import { track } from '../../../lib/analytics.ts';
import { registerWithEmail, signInWithGoogle } from '../../../lib/firebase.ts';
import { paths } from '../../../lib/paths.ts';
import { nl } from '../../../messages/nl.ts';
import { nlOnboarding } from '../../../messages/onboarding.ts';
import { useAuthForm } from '../hooks/use-auth-form.ts';
import { formStyle } from './auth-form-styles.ts';
import { CredentialsForm } from './credentials-form.tsx';

const registerWithGoogle = async () => {
  await signInWithGoogle();
  track('ONBOARDING_FLOW_REGISTER_WITH_GOOGLE');
};

/** Creates the Firebase account after the personal details; the gate then moves on to payment. */
export function RegisterForm() {
  const form = useAuthForm();
  const t = nlOnboarding.register;
  return (
    <div css={formStyle}>
      <CredentialsForm
        texts={t}
        form={form}
        newPassword
        onSubmit={registerWithEmail}
        onGoogle={registerWithGoogle}
      />
      <p>
        {t.haveAccount} <Link to={paths.auth.signIn}>{nl.account.signIn}</Link>
        {' · '}
        <Link to={paths.onboarding.personalDetails}>{t.editDetails}</Link>
      </p>
    </div>
  );
}
