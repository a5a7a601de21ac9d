import { Link, useNavigate } from 'react-router-dom';
import { UserIcon } from '../../../components/ui/icons.tsx';
import { OnboardingPanel } from '../../../components/ui/onboarding-panel.tsx';
import { PersonalDetailsForm } from '../../../features/onboarding/components/personal-details-form.tsx';
import { useServerDetails } from '../../../features/onboarding/hooks/use-details-on-server.ts';
import { PlanPrices } from '../../../features/payment/components/plan-prices.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { paths } from '../../../lib/paths.ts';
import { nl } from '../../../messages/nl.ts';
import { nlOnboarding } from '../../../messages/onboarding.ts';

export default function PersonalDetailsPage() {
  const navigate = useNavigate();
  const { user } = useAuth();
  // Signed in: the details come from and go to the server, so they follow the member (issue 23).
  const { save } = useServerDetails();
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
        save={save}
        onComplete={() => navigate(user ? paths.onboarding.payment : paths.onboarding.register)}
      />
      {user ? null : (
        <p>
          {t.haveAccount} <Link to={paths.auth.signIn}>{nl.account.signIn}</Link>
        </p>
      )}
    </OnboardingPanel>
  );
}
