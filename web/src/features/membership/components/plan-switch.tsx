import { css } from '@emotion/react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { usePlans } from '../../../lib/api/list-plans.ts';
import { errorText } from '../../../lib/error-text.ts';
import { formatCents, formatDate, formatInterval } from '../../../lib/format.ts';
import { nlBilling as b } from '../../../messages/billing.ts';
import { useSubscriptionStatus } from '../api/get-subscription-status.ts';
import { useMyPayments } from '../api/list-my-payments.ts';
import { switchPlan } from '../api/switch-plan.ts';

const row = css`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 12px;
  align-items: end;
  margin: 8px 0 16px;
  label {
    display: grid;
    gap: 4px;
    font-weight: 600;
  }
  select {
    min-height: 44px;
    font: inherit;
  }
`;

/** The member's plan and price, an announced price change, and switching plan from the next period. */
export function PlanSwitch() {
  const { data, mutate } = useMyPayments();
  const status = useSubscriptionStatus().data;
  const plans = usePlans().data?.plans;
  const [choice, setChoice] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const plan = data?.plan;
  // A complimentary membership pays no plan (docs/admin.md).
  if (!plan || status?.comp) return null;

  const others = (plans ?? []).filter((p) => p.id !== plan.id);
  const renewing = status?.status === 'active';
  const submit = async () => {
    const target = others.find((p) => p.id === (choice || others[0]?.id));
    if (!target) return;
    setBusy(true);
    setResult(null);
    try {
      const answer = await switchPlan(target.id);
      setResult({ kind: 'success', text: b.switched(target.name, formatDate(answer.effectiveFrom)) });
      await mutate();
    } catch (error) {
      setResult({ kind: 'error', text: errorText(error, b.switchFailed) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="plan-switch">
      <p>{b.currentPlan(plan.name, formatCents(plan.priceCents, 'EUR'), formatInterval(plan.interval))}</p>
      {data.priceNotice ? (
        <p>
          {b.priceNotice(
            formatCents(data.priceNotice.newPriceCents, 'EUR'),
            formatDate(data.priceNotice.effectiveFrom),
          )}
        </p>
      ) : null}
      {renewing && others.length ? (
        <div css={row}>
          <label>
            {b.switchLabel}
            <select value={choice || others[0]!.id} onChange={(e) => setChoice(e.target.value)}>
              {others.map((p) => (
                <option key={p.id} value={p.id}>
                  {`${p.name}: ${formatCents(p.priceCents, p.currency)} ${formatInterval(p.interval)}`}
                </option>
              ))}
            </select>
          </label>
          <Button variant="secondary" disabled={busy} onClick={() => void submit()}>
            {b.switchButton}
          </Button>
        </div>
      ) : null}
      {result ? <FormMessage kind={result.kind}>{result.text}</FormMessage> : null}
    </div>
  );
}
