/**
 * The visitor's analytics choice, and reopening it from the footer's 'Cookies' (GDPR: withdrawing
 * must be as easy as giving consent). Withdrawing stops analytics at once: no further events, and
 * when the SDK was already loaded its collection is switched off and its cookies removed.
 */
import { useSyncExternalStore } from 'react';
import { type AnalyticsConsent, analyticsConsentStore } from './storage.ts';

let open = false;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

export const cookieChoice = {
  open(): void {
    open = true;
    notify();
  },
  close(): void {
    open = false;
    notify();
  },
  isOpen: () => open,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const useCookieChoiceOpen = () =>
  useSyncExternalStore(cookieChoice.subscribe, cookieChoice.isOpen, () => false);

/** Stores the choice and closes the notice; 'denied' stops analytics that already runs. */
export async function chooseAnalytics(value: AnalyticsConsent): Promise<void> {
  analyticsConsentStore.set(value);
  cookieChoice.close();
  if (value === 'denied') {
    const { stopAnalytics } = await import('./firebase.ts');
    await stopAnalytics();
  }
}
