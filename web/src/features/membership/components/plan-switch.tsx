import { css } from '@emotion/react';
import type { Plan } from '@kring/contract';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { usePlans } from '../../../lib/api/list-plans.ts';
import { errorText } from '../../../lib/error-text.ts';
import { formatCents, formatDate, formatInterval } from '../../../lib/format.ts';
import { nlBilling as b } from '../../../messages/billing.ts';
import { nl } from '../../../messages/nl.ts';
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

/** The plans' state as the switch shows it: loading (its place held), failed (with a retry), or the others. */
type Others = { kind: 'loading' } | { kind: 'failed'; retry: () => void } | { kind: 'ready'; plans: Plan[] };

/**
 * The choice of another plan. While the prices load (the page does not wait for them longer than
 * `membership.tsx` allows) the row stands in its place, disabled, saying so; after a failure it says
 * that, with 'Opnieuw proberen', and the focus goes from that button to the choice when it comes.
 */
function SwitchRow({
  others,
  busy,
  onSwitch,
}: {
  others: Others;
  busy: boolean;
  onSwitch: (id: string) => void;
}) {
  const [choice, setChoice] = useState('');
  const select = useRef<HTMLSelectElement>(null);
  const retried = useRef(false);
  const ready = others.kind === 'ready';
  useEffect(() => {
    if (!ready || !retried.current) return;
    retried.current = false;
    if (document.activeElement === document.body) select.current?.focus();
  }, [ready]);
  if (others.kind === 'failed') {
    return (
      <div key="failed" css={row}>
        <FormMessage kind="error">{b.plansFailed}</FormMessage>
        <Button
          variant="secondary"
          onClick={() => {
            retried.current = true;
            others.retry();
          }}
        >
          {nl.common.retry}
        </Button>
      </div>
    );
  }
  if (ready && !others.plans.length) return null;
  const value = choice || (ready ? others.plans[0]!.id : '');
  return (
    <div key="choice" css={row} aria-busy={!ready}>
      <label>
        {b.switchLabel}
        <select ref={select} value={value} disabled={!ready} onChange={(e) => setChoice(e.target.value)}>
          {ready ? (
            others.plans.map((p) => (
              <option key={p.id} value={p.id}>
                {`${p.name}: ${formatCents(p.priceCents, p.currency)} ${formatInterval(p.interval)}`}
              </option>
            ))
          ) : (
            <option value="">{b.plansLoading}</option>
          )}
        </select>
      </label>
      <Button variant="secondary" disabled={busy || !ready} onClick={() => onSwitch(value)}>
        {b.switchButton}
      </Button>
    </div>
  );
}

/** The member's plan and price, an announced price change, and switching plan from the next period. */
export function PlanSwitch() {
  const { data, mutate } = useMyPayments();
  const status = useSubscriptionStatus().data;
  const plans = usePlans();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const plan = data?.plan;
  // A complimentary membership pays no plan (docs/admin.md).
  if (!plan || status?.comp) return null;

  const others: Others = plans.data
    ? { kind: 'ready', plans: plans.data.plans.filter((p) => p.id !== plan.id) }
    : plans.error
      ? { kind: 'failed', retry: plans.retry }
      : { kind: 'loading' };
  const renewing = status?.status === 'active';
  const submit = async (id: string) => {
    const target = others.kind === 'ready' ? others.plans.find((p) => p.id === id) : undefined;
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
      {renewing ? <SwitchRow others={others} busy={busy} onSwitch={(id) => void submit(id)} /> : null}
      {result ? <FormMessage kind={result.kind}>{result.text}</FormMessage> : null}
    </div>
  );
}
