import { css } from '@emotion/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { colors, fontSize } from '../../../components/ui/theme.ts';
import { ApiError } from '../../../lib/api.ts';
import { errorText } from '../../../lib/error-text.ts';
import { formatInterval, formatPrice } from '../../../lib/format.ts';
import { initialPaymentStore, useLocalStore } from '../../../lib/storage.ts';
import { nl } from '../../../messages/nl.ts';
import { nlOnboarding } from '../../../messages/onboarding.ts';
import { type MembershipDetails, startInitialPayment } from '../api/create-subscription-initial-payment.ts';
import { usePrice } from '../api/get-subscription-initial-payment-price.ts';
import {
  type InitialPaymentStatus,
  shouldPoll,
  useInitialPaymentStatus,
} from '../api/get-subscription-initial-payment-status.ts';

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

function Price() {
  const { data, error } = usePrice();
  if (error) return <p>{nlOnboarding.payment.priceFailed}</p>;
  if (!data) return <p>{nlOnboarding.payment.priceLoading}</p>;
  return (
    <div
      css={css`
        margin-bottom: 24px;
      `}
    >
      <p
        css={css`
          margin: 0;
          color: ${colors.muted};
        `}
      >
        {data.description}
      </p>
      <p
        data-testid="price"
        css={css`
          margin: 4px 0 0;
          font-size: ${fontSize.titleLarge};
          font-weight: 800;
        `}
      >
        {formatPrice(data.value, data.currency)}{' '}
        <span
          css={css`
            font-size: ${fontSize.lg};
            font-weight: 400;
          `}
        >
          {formatInterval(data.interval)}
        </span>
      </p>
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
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<{ message: string; issues: string[] } | null>(null);
  const [activating, setActivating] = useState(false);
  const paidHandled = useRef<string | null>(null);
  const view = status ? paymentView(status, storedPaymentId) : null;

  const onPaidRef = useRef(onPaid);
  onPaidRef.current = onPaid;

  const activate = useCallback(async () => {
    setActivating(true);
    try {
      await onPaidRef.current();
    } catch (err) {
      // The button below lets the user try again.
      console.error('activating the membership failed', err);
    } finally {
      setActivating(false);
    }
  }, []);

  const paidPaymentId = view === 'paid' ? (status?.paymentId ?? '') : null;
  useEffect(() => {
    if (paidPaymentId === null || paidHandled.current === paidPaymentId) return;
    paidHandled.current = paidPaymentId;
    initialPaymentStore.clear();
    void activate();
  }, [paidPaymentId, activate]);

  const start = async () => {
    if (!details) return onEditDetails();
    setStartError(null);
    setStarting(true);
    try {
      const { checkoutUrl, paymentId } = await startInitialPayment(details);
      initialPaymentStore.set(paymentId);
      window.location.assign(checkoutUrl);
    } catch (err) {
      setStarting(false);
      if (err instanceof ApiError && err.code === 'VALIDATION') {
        setStartError({
          message: nlOnboarding.payment.detailsInvalid,
          issues: err.issues.map((issue) => issue.message),
        });
      } else {
        setStartError({ message: errorText(err, nlOnboarding.payment.startFailed), issues: [] });
      }
    }
  };

  if (error && !status) {
    return (
      <div>
        <FormMessage kind="error">{nl.common.unknownError}</FormMessage>
        <Button onClick={() => void mutate()}>{nl.common.retry}</Button>
      </div>
    );
  }
  if (!status || !view) return <Spinner size={32} />;

  const startErrorBlock = startError ? (
    <div role="alert">
      <FormMessage kind="error">{startError.message}</FormMessage>
      {startError.issues.length ? (
        <ul>
          {startError.issues.map((issue) => (
            <li key={issue}>{issue}</li>
          ))}
        </ul>
      ) : null}
      {startError.issues.length ? (
        <Button variant="secondary" onClick={onEditDetails}>
          {nlOnboarding.payment.editDetails}
        </Button>
      ) : null}
    </div>
  ) : null;

  if (view === 'pending') {
    return (
      <div
        data-testid="payment-state"
        data-state="pending"
        css={css`
          display: flex;
          gap: 12px;
          align-items: center;
        `}
      >
        <Spinner decorative />
        <p role="status">{nlOnboarding.payment.pending}</p>
      </div>
    );
  }

  if (view === 'paid') {
    return (
      <div data-testid="payment-state" data-state="paid">
        <FormMessage kind="success">{nlOnboarding.payment.paid}</FormMessage>
        {activating ? (
          <p
            css={css`
              display: flex;
              gap: 12px;
              align-items: center;
            `}
          >
            <Spinner decorative /> {nlOnboarding.payment.activating}
          </p>
        ) : (
          <Button onClick={() => void activate()}>{nlOnboarding.payment.continue}</Button>
        )}
      </div>
    );
  }

  const failure =
    view === 'failed'
      ? nlOnboarding.payment.failed
      : view === 'canceled'
        ? nlOnboarding.payment.canceled
        : view === 'expired'
          ? nlOnboarding.payment.expired
          : null;

  return (
    <div data-testid="payment-state" data-state={view}>
      {failure ? <FormMessage kind="error">{failure}</FormMessage> : null}
      <Price />
      {startErrorBlock}
      {starting ? (
        <p
          role="status"
          css={css`
            display: flex;
            gap: 12px;
            align-items: center;
          `}
        >
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
