import { useNavigate } from 'react-router-dom';
import { CardIcon } from '../../../components/ui/icons.tsx';
import { OnboardingPanel } from '../../../components/ui/onboarding-panel.tsx';
import type { MembershipDetails } from '../../../features/payment/api/create-subscription-initial-payment.ts';
import { PaymentStep } from '../../../features/payment/components/payment-step.tsx';
import { useAccount } from '../../../lib/auth.tsx';
import { getIdToken } from '../../../lib/firebase.ts';
import { paths } from '../../../lib/paths.ts';
import { onboardingStore, personalDetailsOf, useLocalStore } from '../../../lib/storage.ts';
import { nlOnboarding } from '../../../messages/onboarding.ts';

/**
 * Spec 7: a new membership pays with the personal details from onboarding (without errors and
 * isComplete); an existing membership (e.g. after a failed payment) with its stored details.
 */
export default function PaymentPage() {
  const navigate = useNavigate();
  const { data: account, refresh } = useAccount();
  const onboarding = useLocalStore(onboardingStore);
  const details: MembershipDetails | null = account?.membership
    ? personalDetailsOf(account.membership)
    : onboarding?.isComplete
      ? personalDetailsOf(onboarding)
      : null;

  const onPaid = async () => {
    // The webhook gave the account the member role; only a fresh ID token carries the claim.
    await getIdToken(true);
    await refresh();
    onboardingStore.clear();
  };

  const t = nlOnboarding.payment;
  return (
    <OnboardingPanel
      icon={<CardIcon size={28} />}
      title={t.title}
      body={<p>{t.body}</p>}
      step={nlOnboarding.stepOf(3, 4)}
    >
      <PaymentStep
        details={details}
        onPaid={onPaid}
        onEditDetails={() => navigate(paths.onboarding.personalDetails)}
      />
    </OnboardingPanel>
  );
}
