import { KeyIcon } from '../../../components/ui/icons.tsx';
import { OnboardingPanel } from '../../../components/ui/onboarding-panel.tsx';
import { RegisterForm } from '../../../features/auth/components/register-form.tsx';
import { nl } from '../../../messages/nl.ts';

/** After a successful registration the account-state gate moves on to the payment step. */
export default function RegisterPage() {
  const t = nl.onboarding.register;
  return (
    <OnboardingPanel
      icon={<KeyIcon size={28} />}
      title={t.title}
      body={<p>{t.body}</p>}
      step={nl.onboarding.stepOf(2, 4)}
    >
      <RegisterForm />
    </OnboardingPanel>
  );
}
