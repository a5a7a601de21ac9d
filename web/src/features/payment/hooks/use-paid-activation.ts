import { useCallback, useEffect, useRef, useState } from 'react';
import { initialPaymentStore } from '../../../lib/storage.ts';

/**
 * Once the payment `paidPaymentId` is paid: forget the stored payment id and call `onPaid` (new
 * token, account) once per payment. `activate` is also the retry button's action after a failure.
 */
export function usePaidActivation(paidPaymentId: string | null, onPaid: () => Promise<void>) {
  const [activating, setActivating] = useState(false);
  const paidHandled = useRef<string | null>(null);
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

  useEffect(() => {
    if (paidPaymentId === null || paidHandled.current === paidPaymentId) return;
    paidHandled.current = paidPaymentId;
    initialPaymentStore.clear();
    void activate();
  }, [paidPaymentId, activate]);

  return { activating, activate };
}
