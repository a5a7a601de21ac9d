import { useNavigate } from 'react-router-dom';
import { UserIcon } from '../../../components/ui/icons.tsx';
import { OnboardingPanel } from '../../../components/ui/onboarding-panel.tsx';
import { PersonalDetailsForm } from '../../../features/onboarding/components/personal-details-form.tsx';
import { PlanPrices } from '../../../features/payment/components/plan-prices.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { paths } from '../../../lib/paths.ts';
import { nlOnboarding } from '../../../messages/onboarding.ts';

export default function PersonalDetailsPage() {
  const navigate = useNavigate();
  const { user } = useAuth();
  const t = nlOnboarding.personalDetails;
  return (
    <OnboardingPanel
      icon={<UserIcon size={28} />}
      title={t.title}
      body={
        <>
          <p>{t.body}</p>
          <PlanPrices />
        </>
      }
      step={nlOnboarding.stepOf(1, 4)}
    >
      <PersonalDetailsForm
        onComplete={() => navigate(user ? paths.onboarding.payment : paths.onboarding.register)}
      />
    </OnboardingPanel>
  );
}
