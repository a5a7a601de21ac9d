import { useEffect, useState } from 'react';
import { Page, sectionStyle } from '../../../components/ui/page.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { SuspendedBanner } from '../../../features/auth/components/suspended-notice.tsx';
import { useSignOut } from '../../../features/auth/hooks/use-sign-out.ts';
import {
  fetchSubscriptionStatus,
  SUBSCRIPTION_STATUS_KEY,
  useSubscriptionStatus,
} from '../../../features/membership/api/get-subscription-status.ts';
import {
  fetchMyPayments,
  MY_PAYMENTS_KEY,
  useMyPayments,
} from '../../../features/membership/api/list-my-payments.ts';
import { MembershipDetails } from '../../../features/membership/components/membership-details.tsx';
import { MembershipOverview } from '../../../features/membership/components/membership-overview.tsx';
import { PaymentHistory } from '../../../features/membership/components/payment-history.tsx';
import { PlanSwitch } from '../../../features/membership/components/plan-switch.tsx';
import { PrivacySection } from '../../../features/privacy/components/privacy-section.tsx';
import { loadPlans, usePlans } from '../../../lib/api/list-plans.ts';
import { useAccount } from '../../../lib/auth.tsx';
import type { PreloadSource } from '../../../lib/preload.ts';
import { nlBilling } from '../../../messages/billing.ts';
import { nlMembership } from '../../../messages/membership.ts';
import { nlPrivacy } from '../../../messages/privacy.ts';

/** The membership, the payments and the plans, as the page asks for them (app/layout/member-boot.ts). */
export const preloadData = (): PreloadSource[] => {
  // Public: no token, no SWR key; the plan switch shows them.
  loadPlans().catch(() => undefined);
  return [
    { key: SUBSCRIPTION_STATUS_KEY, fetch: fetchSubscriptionStatus },
    { key: MY_PAYMENTS_KEY, fetch: fetchMyPayments },
  ];
};

const answered = (query: { data?: unknown; error?: unknown }) =>
  query.data !== undefined || query.error !== undefined;

/**
 * How long the page waits for the plans once the member's own answers are in. The plans are public
 * and start with the page's data, so they are normally in first; a plans call that hangs must not keep
 * the page (privacy, sign-out) behind the spinner: the plan switch then holds its place, disabled,
 * until they come (or says they failed, with a retry).
 */
export const PLANS_WAIT_MS = 1500;

/** True `ms` after `start` became true (and stays so). */
function useAfter(start: boolean, ms: number): boolean {
  const [over, setOver] = useState(false);
  useEffect(() => {
    if (!start) return;
    const timer = setTimeout(() => setOver(true), ms);
    return () => clearTimeout(timer);
  }, [start, ms]);
  return over;
}

/**
 * Whether the sections may show: once the membership and the payments are in, and the plans too or
 * `PLANS_WAIT_MS` later. They show together, rather than one after another pushing the next ones down
 * (issue 26: CLS).
 */
function useSectionsReady(): boolean {
  const status = useSubscriptionStatus();
  const payments = useMyPayments();
  const own = answered(status) && answered(payments);
  const plans = answered(usePlans());
  const waited = useAfter(own && !plans, PLANS_WAIT_MS);
  return own && (plans || waited);
}

export default function MembershipPage() {
  const { data, refresh } = useAccount();
  const signOut = useSignOut();
  const ready = useSectionsReady();
  const membership = data?.membership;
  // A suspended member still gets this page (app/route-table.ts openWhileSuspended).
  const suspended = data?.suspendedUntil ? (
    <SuspendedBanner until={data.suspendedUntil} onSignOut={() => void signOut()} />
  ) : null;
  if (!ready || !data) {
    return (
      <Page title={nlMembership.title} narrow>
        {suspended}
        <Spinner size={32} />
      </Page>
    );
  }
  return (
    <Page title={nlMembership.title} narrow>
      {suspended}
      <section>
        <h2>{nlMembership.subscription}</h2>
        <MembershipOverview onChanged={refresh} />
        <PlanSwitch />
      </section>
      <section css={sectionStyle}>
        <h2>{nlBilling.history}</h2>
        <PaymentHistory />
      </section>
      {/* No details to show without a membership (a suspended moderator or admin may have none). */}
      {!membership ? null : (
        <section css={sectionStyle}>
          <h2>{nlMembership.personalDetails}</h2>
          <MembershipDetails membership={membership} onSaved={refresh} />
        </section>
      )}
      <section css={sectionStyle}>
        <h2>{nlPrivacy.title}</h2>
        {/* The Auth user is gone once deleted: sign out here too, which leaves the account pages. */}
        <PrivacySection onDeleted={signOut} />
      </section>
    </Page>
  );
}
