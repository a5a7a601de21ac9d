import { useState } from 'react';
import { ApiError } from '../../../lib/api.ts';
import { errorText } from '../../../lib/error-text.ts';
import { initialPaymentStore } from '../../../lib/storage.ts';
import { nlOnboarding } from '../../../messages/onboarding.ts';
import { type MembershipDetails, startInitialPayment } from '../api/create-subscription-initial-payment.ts';

export interface StartError {
  message: string;
  /** The server's texts for details it refused (then the member can go back and edit them). */
  issues: string[];
}

/**
 * 'Betalen': starts the first payment with the member's details, stores the payment id and goes
 * to the checkout. Without details the member is sent back to enter them.
 */
export function useStartPayment(
  details: MembershipDetails | null,
  onEditDetails: () => void,
  planId: string | null,
) {
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<StartError | null>(null);

  const start = async () => {
    if (!details) return onEditDetails();
    setStartError(null);
    setStarting(true);
    try {
      const { checkoutUrl, paymentId } = await startInitialPayment(details, planId);
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

  return { starting, startError, start };
}
