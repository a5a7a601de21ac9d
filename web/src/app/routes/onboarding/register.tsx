import { KeyIcon } from '../../../components/ui/icons.tsx';
import { OnboardingPanel } from '../../../components/ui/onboarding-panel.tsx';
import { RegisterForm } from '../../../features/auth/components/register-form.tsx';
import { nlOnboarding } from '../../../messages/onboarding.ts';

/** After a successful registration the account-state gate moves on to the payment step. */
export default function RegisterPage() {
  const t = nlOnboarding.register;
  return (
    <OnboardingPanel
      icon={<KeyIcon size={28} />}
      title={t.title}
      body={<p>{t.body}</p>}
      step={nlOnboarding.stepOf(2, 4)}
    >
      <RegisterForm />
    </OnboardingPanel>
  );
}
