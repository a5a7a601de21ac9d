import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { usePlans } from '../../../lib/api/list-plans.ts';
import { initialPaymentStore, useLocalStore } from '../../../lib/storage.ts';
import { nlBilling } from '../../../messages/billing.ts';
import { nl } from '../../../messages/nl.ts';
import { nlOnboarding } from '../../../messages/onboarding.ts';
import type { MembershipDetails } from '../api/create-subscription-initial-payment.ts';
import {
  type InitialPaymentStatus,
  shouldPoll,
  useInitialPaymentStatus,
} from '../api/get-subscription-initial-payment-status.ts';
import { usePaidActivation } from '../hooks/use-paid-activation.ts';
import { type StartError, useStartPayment } from '../hooks/use-start-payment.ts';
import * as s from './payment-step.styles.ts';
import { PlanChoice } from './plan-choice.tsx';

type View = 'start' | 'pending' | 'paid' | 'failed' | 'canceled' | 'expired';

/** What to show for the latest first payment. */
export function paymentView(status: InitialPaymentStatus, storedPaymentId: string | null): View {
  if (shouldPoll(status, storedPaymentId)) return 'pending';
  if (!status.isRequestStarted) return 'start';
  switch (status.status) {
    case 'paid':
      return 'paid';
    case 'failed':
      return 'failed';
    case 'canceled':
      return 'canceled';
    case 'expired':
      return 'expired';
    default:
      // Complete without one of the end states: offer a fresh start.
      return 'start';
  }
}

type PlansState = ReturnType<typeof usePlans>;

/**
 * The plans with their prices; the chosen one is what 'Betalen' charges (the first plan until one is
 * picked). When they fail to load: that, with 'Opnieuw proberen' (as the plan switch on the membership
 * page); the focus goes from that button to the chosen plan when they come.
 */
function Plans({
  plans: { data, error, retry },
  planId,
  onChange,
}: {
  plans: PlansState;
  planId: string | null;
  onChange: (planId: string) => void;
}) {
  const place = useRef<HTMLDivElement>(null);
  const retried = useRef(false);
  useEffect(() => {
    if (!data || !retried.current) return;
    retried.current = false;
    if (document.activeElement !== document.body) return;
    place.current?.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.focus();
  }, [data]);
  if (error) {
    return (
      <div key="failed">
        <FormMessage kind="error">{nlBilling.plansFailed}</FormMessage>
        <Button
          variant="secondary"
          onClick={() => {
            retried.current = true;
            retry();
          }}
        >
          {nl.common.retry}
        </Button>
      </div>
    );
  }
  if (!data) return <p>{nlBilling.plansLoading}</p>;
  return (
    <div key="choice" ref={place}>
      <PlanChoice plans={data.plans} value={planId ?? data.plans[0]?.id ?? ''} onChange={onChange} />
    </div>
  );
}

/** Why the payment could not start; refused details come with their texts and a way back to them. */
function StartErrorBlock({ error, onEditDetails }: { error: StartError; onEditDetails: () => void }) {
  return (
    <div role="alert">
      <FormMessage kind="error">{error.message}</FormMessage>
      {error.issues.length ? (
        <ul>
          {error.issues.map((issue) => (
            <li key={issue}>{issue}</li>
          ))}
        </ul>
      ) : null}
      {error.issues.length ? (
        <Button variant="secondary" onClick={onEditDetails}>
          {nlOnboarding.payment.editDetails}
        </Button>
      ) : null}
    </div>
  );
}

function Pending() {
  return (
    <div data-testid="payment-state" data-state="pending" css={s.spinnerLine}>
      <Spinner decorative />
      <p role="status">{nlOnboarding.payment.pending}</p>
    </div>
  );
}

/** Paid: the membership is being activated, or (after a failed activation) a button to try again. */
function Paid({ activating, activate }: { activating: boolean; activate: () => Promise<void> }) {
  return (
    <div data-testid="payment-state" data-state="paid">
      <FormMessage kind="success">{nlOnboarding.payment.paid}</FormMessage>
      {activating ? (
        <p css={s.spinnerLine}>
          <Spinner decorative /> {nlOnboarding.payment.activating}
        </p>
      ) : (
        <Button onClick={() => void activate()}>{nlOnboarding.payment.continue}</Button>
      )}
    </div>
  );
}

const failureText: Partial<Record<View, string>> = {
  failed: nlOnboarding.payment.failed,
  canceled: nlOnboarding.payment.canceled,
  expired: nlOnboarding.payment.expired,
};

/** Not paid (yet): the price and 'Betalen', or after a failed payment why, and 'Opnieuw proberen'. */
function Start({
  view,
  payment: { starting, startError, start },
  onEditDetails,
  planId,
  onPlanChange,
  plans,
}: {
  view: View;
  payment: ReturnType<typeof useStartPayment>;
  onEditDetails: () => void;
  planId: string | null;
  onPlanChange: (planId: string) => void;
  plans: PlansState;
}) {
  const failure = failureText[view] ?? null;
  return (
    <div data-testid="payment-state" data-state={view}>
      {failure ? <FormMessage kind="error">{failure}</FormMessage> : null}
      <Plans plans={plans} planId={planId} onChange={onPlanChange} />
      {startError ? <StartErrorBlock error={startError} onEditDetails={onEditDetails} /> : null}
      {starting ? (
        <p role="status" css={s.spinnerLine}>
          <Spinner decorative /> {nlOnboarding.payment.starting}
        </p>
      ) : (
        <Button onClick={() => void start()}>
          {failure ? nlOnboarding.payment.retry : nlOnboarding.payment.pay}
        </Button>
      )}
    </div>
  );
}

/**
 * The first payment (spec 4): 'Betalen' starts it at the payment provider, stores the payment id
 * and goes to the checkout; back here the status is polled until it ends. Once paid, `onPaid`
 * refreshes the token and the account, after which the page moves on to the profile step.
 */
export function PaymentStep({
  details,
  onPaid,
  onEditDetails,
}: {
  details: MembershipDetails | null;
  onPaid: () => Promise<void>;
  onEditDetails: () => void;
}) {
  const storedPaymentId = useLocalStore(initialPaymentStore);
  const { data: status, error, mutate } = useInitialPaymentStatus(storedPaymentId);
  const view = status ? paymentView(status, storedPaymentId) : null;
  const { activating, activate } = usePaidActivation(
    view === 'paid' ? (status?.paymentId ?? '') : null,
    onPaid,
  );
  const [planId, setPlanId] = useState<string | null>(null);
  // One state for the choice and for what 'Betalen' charges, so a retry that loads the plans serves both.
  const plans = usePlans();
  const payment = useStartPayment(details, onEditDetails, planId ?? plans.data?.plans[0]?.id ?? null);

  if (error && !status) {
    return (
      <div>
        <FormMessage kind="error">{nl.common.unknownError}</FormMessage>
        <Button onClick={() => void mutate()}>{nl.common.retry}</Button>
      </div>
    );
  }
  if (!status || !view) return <Spinner size={32} />;
  if (view === 'pending') return <Pending />;
  if (view === 'paid') return <Paid activating={activating} activate={activate} />;
  return (
    <Start
      view={view}
      payment={payment}
      onEditDetails={onEditDetails}
      planId={planId}
      onPlanChange={setPlanId}
      plans={plans}
    />
  );
}
