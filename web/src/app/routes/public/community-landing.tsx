import type { Plan } from '@kring/contract';
import { lazy, Suspense } from 'react';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { useAccountState } from '../../../features/auth/hooks/use-account-state.ts';
import { useServedAnswer } from '../../../features/content/api/get-content.ts';
import { useHomepage } from '../../../features/content/api/pages.ts';
import { PLANS_URL } from '../../../lib/api/list-plans.ts';
import { paths } from '../../../lib/paths.ts';
import { whenIdle } from '../../../lib/when-idle.ts';
import { nlContent } from '../../../messages/content.ts';
import { nl } from '../../../messages/nl.ts';

// The plans' prices come in the server's HTML (the site function asks listPlans); their code loads
// when the browser is idle, after the app started: a visitor's page runs no app for them (issue 27).
const PlanPrices = lazy(() =>
  whenIdle().then(() =>
    import('../../../features/payment/components/plan-prices.tsx').then((m) => ({ default: m.PlanPrices })),
  ),
);

/** The public community page; members with a profile are sent to the timeline by the header link. */
export default function CommunityLandingPage() {
  const home = useHomepage().data?.data;
  const { state } = useAccountState();
  const plans = useServedAnswer<{ plans: Plan[] }>(PLANS_URL);
  return (
    <Page title={home?.communityTitle || nlContent.communityLandingTitle} narrow>
      <p>{home?.communityText || nlContent.communityLandingText}</p>
      <div>
        {state === 'ProfileComplete' ? null : (
          <Suspense fallback={null}>
            <PlanPrices served={plans} />
          </Suspense>
        )}
      </div>
      <p>
        {state === 'ProfileComplete' ? (
          <ButtonLink to={paths.community.timeline}>{nlContent.goToTimeline}</ButtonLink>
        ) : (
          <ButtonLink to={paths.onboarding.personalDetails}>{nl.account.join}</ButtonLink>
        )}
      </p>
    </Page>
  );
}
