import { css } from '@emotion/react';
import type { Plan } from '@kring/contract';
import { colors } from '../../../components/ui/theme.ts';
import { usePlans } from '../../../lib/api/list-plans.ts';
import { appPart } from '../../../lib/app-part.ts';
import { formatCents, formatInterval } from '../../../lib/format.ts';
import { nlBilling as b } from '../../../messages/billing.ts';

const list = css`
  margin: 0 0 8px;
  padding: 0;
  list-style: none;
  font-weight: 700;
`;
const note = css`
  margin: 0;
  color: ${colors.muted};
`;

/**
 * The plans and their prices in a few lines: where a visitor decides (step 1, /community). On
 * /community they come in the server's HTML: `served`, from the page's snapshot (issue 27).
 */
export function PlanPrices({ served }: { served?: { plans: Plan[] } }) {
  const { data, error } = usePlans(served);
  if (error) return <p>{b.plansFailed}</p>;
  // Without the plans in the server's page (listPlans failed there) only the app can fill this in.
  if (!data)
    return (
      <p aria-busy="true" {...appPart}>
        {b.plansLoading}
      </p>
    );
  const exempt = data.plans.every((plan) => plan.vatRateBp === null);
  return (
    <div data-testid="plan-prices">
      <ul css={list}>
        {data.plans.map((plan) => (
          <li key={plan.id}>
            {b.planPrice(
              plan.name,
              formatCents(plan.priceCents, plan.currency),
              formatInterval(plan.interval),
            )}
          </li>
        ))}
      </ul>
      <p css={note}>{exempt ? b.vatExempt : b.vatIncluded}</p>
    </div>
  );
}
