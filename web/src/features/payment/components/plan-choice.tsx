import { css } from '@emotion/react';
import type { Plan } from '@kring/contract';
import { colors, fontSize } from '../../../components/ui/theme.ts';
import { formatCents, formatInterval } from '../../../lib/format.ts';
import { nlBilling as b } from '../../../messages/billing.ts';

const fieldset = css`
  margin: 0 0 24px;
  padding: 0;
  border: 0;
  display: grid;
  gap: 12px;
`;
const legend = css`
  font-weight: 700;
  margin-bottom: 8px;
`;
const option = css`
  display: flex;
  gap: 12px;
  align-items: center;
  padding: 12px 16px;
  border: 2px solid ${colors.border};
  border-radius: 8px;
  cursor: pointer;
  &:has(input:checked) {
    border-color: ${colors.primary};
  }
  input {
    width: 20px;
    height: 20px;
    margin: 0;
  }
`;
const amount = css`
  margin-left: auto;
  font-size: ${fontSize.lg};
  font-weight: 800;
  white-space: nowrap;
`;
const interval = css`
  font-weight: 400;
  font-size: ${fontSize.sm};
`;

/** The plan choice on the payment step: a radio per plan with its price. */
export function PlanChoice({
  plans,
  value,
  onChange,
}: {
  plans: Plan[];
  value: string;
  onChange: (planId: string) => void;
}) {
  return (
    <fieldset css={fieldset} data-testid="plan-choice">
      <legend css={legend}>{b.choosePlan}</legend>
      {plans.map((plan) => (
        <label key={plan.id} css={option}>
          <input
            type="radio"
            name="plan"
            value={plan.id}
            checked={value === plan.id}
            onChange={() => onChange(plan.id)}
          />
          <span>{plan.name}</span>
          <span css={amount} data-testid={`plan-price-${plan.id}`}>
            {formatCents(plan.priceCents, plan.currency)}{' '}
            <span css={interval}>{formatInterval(plan.interval)}</span>
          </span>
        </label>
      ))}
      <p
        css={css`
          margin: 0;
          color: ${colors.muted};
        `}
      >
        {plans.every((plan) => plan.vatRateBp === null) ? b.vatExempt : b.vatIncluded}
      </p>
    </fieldset>
  );
}
