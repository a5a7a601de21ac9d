import type { SubscriptionStatus } from '@kring/contract';
import { useState } from 'react';
import { Button, buttonRow } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { definitionList } from '../../../components/ui/theme.ts';
import { ApiError } from '../../../lib/api.ts';
import { compLastDay, formatDate } from '../../../lib/format.ts';
import { nlMembership } from '../../../messages/membership.ts';
import { cancelSubscription } from '../api/cancel-subscription.ts';
import { changePaymentMethod } from '../api/change-payment-method.ts';
import { usePaymentProblem } from '../api/get-payment-problem.ts';
import { useSubscriptionStatus } from '../api/get-subscription-status.ts';
import { resumeSubscription } from '../api/resume-subscription.ts';
import { confirmBox, confirmText, note } from './membership-overview.styles.ts';

const m = nlMembership;
const dateFields = ['subscribedAt', 'renewedAt', 'canceledAt', 'expiresAt', 'expiredAt'] as const;

/** An active membership renews at expiresAt (Mollie charges then): for the member that is the next payment. */
const dateLabel = (field: (typeof dateFields)[number], status: SubscriptionStatus['status']) =>
  field === 'expiresAt' && status === 'active' ? m.nextPayment : m[field];

/** What happens next (docs/payments.md): the next payment, access until a date, or nothing. */
function nextStep({ status, expiresAt }: SubscriptionStatus): string | null {
  if (status === 'active' && expiresAt) return m.nextActive(formatDate(expiresAt));
  if (status === 'canceled' && expiresAt) return m.nextCanceled(formatDate(expiresAt));
  if (status === 'expired') return m.nextExpired;
  if (status === 'pending') return m.nextPending;
  return null;
}

type Result =
  | 'canceled'
  | 'failed'
  | 'resumed'
  | 'resumeFailed'
  | 'resumeTooLate'
  | 'resumeMandateInvalid'
  | 'changeMethodFailed';

/** 'Opzegging intrekken' is offered while a canceled membership's paid period lasts. */
const canResume = ({ status, expiresAt }: SubscriptionStatus) =>
  status === 'canceled' && expiresAt !== null && new Date(expiresAt) > new Date();

/** The Dutch message for a failed resume (the server's reason). */
function resumeError(error: unknown): Result {
  const reason = error instanceof ApiError ? error.reason : undefined;
  if (reason === 'MEMBERSHIP_NOT_RESUMABLE') return 'resumeTooLate';
  if (reason === 'MANDATE_INVALID') return 'resumeMandateInvalid';
  return 'resumeFailed';
}

/** The outcome of the last action, as a Dutch message. */
function ResultMessage({ result }: { result: Result | null }) {
  return (
    <>
      {result === 'canceled' ? <FormMessage kind="success">{m.canceled}</FormMessage> : null}
      {result === 'failed' ? <FormMessage kind="error">{m.cancelFailed}</FormMessage> : null}
      {result === 'resumed' ? <FormMessage kind="success">{m.resumed}</FormMessage> : null}
      {result?.startsWith('resume') && result !== 'resumed' ? (
        <FormMessage kind="error">{m[result as 'resumeFailed']}</FormMessage>
      ) : null}
      {result === 'changeMethodFailed' ? (
        <FormMessage kind="error">{m.changeMethodFailed}</FormMessage>
      ) : null}
    </>
  );
}

/** A complimentary membership (docs/admin.md): its kind and last day, nothing to pay or cancel. */
function CompStatus({ comp }: { comp: NonNullable<SubscriptionStatus['comp']> }) {
  return (
    <>
      <dl css={definitionList}>
        <dt>{m.status}</dt>
        <dd data-testid="membership-status">{m.comp[comp.kind](formatDate(compLastDay(comp.until)))}</dd>
      </dl>
      <p data-testid="membership-next">{m.compNote}</p>
    </>
  );
}

/** The status and its dates; with a payment problem expiresAt reads as 'paid until'. */
function StatusList({ data, problem }: { data: SubscriptionStatus; problem: unknown }) {
  return (
    <dl css={definitionList}>
      <dt>{m.status}</dt>
      <dd data-testid="membership-status">{m.statusLabels[data.status ?? 'none']}</dd>
      {dateFields.map((field) => {
        const value = data[field];
        return value ? (
          <div key={field} css={{ display: 'contents' }}>
            <dt>{problem && field === 'expiresAt' ? m.paidUntil : dateLabel(field, data.status)}</dt>
            <dd>{formatDate(value)}</dd>
          </div>
        ) : null;
      })}
    </dl>
  );
}

interface ActiveActionsProps {
  confirming: boolean;
  busy: boolean;
  setConfirming: (confirming: boolean) => void;
  cancel: () => Promise<void>;
  changeMethod: () => Promise<void>;
}

/** An active membership: change the payment method, or cancel after a confirmation. */
function ActiveActions({ confirming, busy, setConfirming, cancel, changeMethod }: ActiveActionsProps) {
  return confirming ? (
    <div css={confirmBox}>
      <p css={confirmText}>{m.cancelConfirm}</p>
      <div css={buttonRow}>
        <Button variant="danger" disabled={busy} onClick={() => void cancel()}>
          {m.cancelYes}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => setConfirming(false)}>
          {m.cancelNo}
        </Button>
      </div>
    </div>
  ) : (
    <div css={buttonRow}>
      <Button variant="secondary" disabled={busy} onClick={() => void changeMethod()}>
        {m.changeMethod}
      </Button>
      <Button variant="secondary" onClick={() => setConfirming(true)}>
        {m.cancel}
      </Button>
    </div>
  );
}

/** Cancel, resume and change-method actions with their busy flag and outcome. */
function useMembershipActions(
  mutate: ReturnType<typeof useSubscriptionStatus>['mutate'],
  onChanged: () => Promise<unknown>,
) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(null);

  const cancel = async () => {
    setBusy(true);
    setResult(null);
    try {
      await mutate(await cancelSubscription(), { revalidate: false });
      setResult('canceled');
      setConfirming(false);
      await onChanged();
    } catch {
      setResult('failed');
    } finally {
      setBusy(false);
    }
  };

  const resume = async () => {
    setBusy(true);
    setResult(null);
    try {
      await mutate(await resumeSubscription(), { revalidate: false });
      setResult('resumed');
      await onChanged();
    } catch (error) {
      setResult(resumeError(error));
    } finally {
      setBusy(false);
    }
  };

  const changeMethod = async () => {
    setBusy(true);
    setResult(null);
    try {
      window.location.assign((await changePaymentMethod()).checkoutUrl);
    } catch {
      setResult('changeMethodFailed');
      setBusy(false);
    }
  };

  return { confirming, setConfirming, busy, result, cancel, resume, changeMethod };
}

/** The subscription status with Dutch labels, and cancelling it (access runs to expiresAt). */
export function MembershipOverview({ onChanged }: { onChanged: () => Promise<unknown> }) {
  const { data, error, mutate } = useSubscriptionStatus();
  // A failed renewal outstanding: the banner above says what to do; no 'next payment' promise here.
  const problem = usePaymentProblem(data?.status === 'active' && !data.comp).data?.problem;
  const actions = useMembershipActions(mutate, onChanged);

  if (error && !data) return <FormMessage kind="error">{m.loadFailed}</FormMessage>;
  if (!data) return <Spinner size={32} />;
  // Given by the association: no payment dates, no pay, cancel or resume buttons.
  if (data.comp) return <CompStatus comp={data.comp} />;

  const next = problem ? null : nextStep(data);
  return (
    <div>
      <ResultMessage result={actions.result} />
      <StatusList data={data} problem={problem} />
      {next ? <p data-testid="membership-next">{next}</p> : null}
      {data.status === 'active' ? <ActiveActions {...actions} /> : null}
      {data.status === 'active' && !actions.confirming ? <p css={note}>{m.changeMethodInfo}</p> : null}
      {canResume(data) ? (
        <Button disabled={actions.busy} onClick={() => void actions.resume()}>
          {m.resume}
        </Button>
      ) : null}
    </div>
  );
}
