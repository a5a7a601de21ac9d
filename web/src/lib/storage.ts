/**
 * Values kept in localStorage, observable so components re-render when they change (in this tab
 * through the store, in other tabs through the 'storage' event). Keys per spec section 9.
 */
import { useSyncExternalStore } from 'react';
import { ANALYTICS_CONSENT_KEY } from './consent-choice.ts';

export interface LocalStore<T> {
  readonly key: string;
  get(): T | null;
  set(value: T): void;
  clear(): void;
  subscribe(listener: () => void): () => void;
}

function safeStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Private modes and blocked cookies can make localStorage throw on access.
    return null;
  }
}

/** A store for one key; `parse` rejects malformed stored data (returns null) instead of crashing. */
export function createLocalStore<T>(key: string, parse: (raw: unknown) => T | null): LocalStore<T> {
  const listeners = new Set<() => void>();
  // useSyncExternalStore needs a stable snapshot: cache by the raw string.
  let cachedRaw: string | null | undefined;
  let cachedValue: T | null = null;

  const notify = () => {
    for (const listener of listeners) listener();
  };

  return {
    key,
    get() {
      const raw = safeStorage()?.getItem(key) ?? null;
      if (raw === cachedRaw) return cachedValue;
      cachedRaw = raw;
      try {
        cachedValue = raw === null ? null : parse(JSON.parse(raw));
      } catch {
        cachedValue = null;
      }
      return cachedValue;
    },
    set(value) {
      try {
        safeStorage()?.setItem(key, JSON.stringify(value));
      } catch {
        // Full or blocked storage: the value lives only as long as the page.
      }
      notify();
    },
    clear() {
      safeStorage()?.removeItem(key);
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      const onStorage = (event: StorageEvent) => {
        if (event.key === key || event.key === null) listener();
      };
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', onStorage);
      };
    },
  };
}

export function useLocalStore<T>(store: LocalStore<T>): T | null {
  return useSyncExternalStore(store.subscribe, store.get, () => null);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// ---- onboardingState (spec 3) ----

export const personalDetailFields = [
  'firstName',
  'lastName',
  'birthdate',
  'phoneNumber',
  'streetName',
  'houseNumber',
  'houseNumberExtension',
  'postalCode',
  'city',
  'country',
] as const;
export type PersonalDetailField = (typeof personalDetailFields)[number];
export type PersonalDetailsValues = Record<PersonalDetailField, string>;

/** The personal details being entered, with per-field errors and whether the form was completed. */
export interface OnboardingState extends PersonalDetailsValues {
  errors: Partial<Record<PersonalDetailField, string>>;
  isComplete: boolean;
}

export const DEFAULT_COUNTRY = 'Nederland';

export const emptyOnboardingState = (): OnboardingState => ({
  firstName: '',
  lastName: '',
  birthdate: '',
  phoneNumber: '',
  streetName: '',
  houseNumber: '',
  houseNumberExtension: '',
  postalCode: '',
  city: '',
  country: DEFAULT_COUNTRY,
  errors: {},
  isComplete: false,
});

function parseOnboardingState(raw: unknown): OnboardingState | null {
  if (!isRecord(raw)) return null;
  const state = emptyOnboardingState();
  for (const field of personalDetailFields) {
    const value = raw[field];
    if (typeof value === 'string') state[field] = value;
  }
  if (isRecord(raw.errors)) {
    for (const field of personalDetailFields) {
      const message = raw.errors[field];
      if (typeof message === 'string') state.errors[field] = message;
    }
  }
  state.isComplete = raw.isComplete === true;
  return state;
}

export const onboardingStore = createLocalStore<OnboardingState>('onboardingState', parseOnboardingState);

/**
 * The personal details as the API takes them (spec 7): from the onboarding state without errors and
 * isComplete, or from a stored membership (a field it leaves empty is '').
 */
export function personalDetailsOf(source: { [F in PersonalDetailField]?: unknown }): PersonalDetailsValues {
  const details = {} as PersonalDetailsValues;
  for (const field of personalDetailFields) {
    const value = source[field];
    details[field] = typeof value === 'string' ? value : '';
  }
  return details;
}

// ---- the id of the first payment, stored when the checkout starts (spec 4) ----

export const initialPaymentStore = createLocalStore<string>('initialPaymentId', (raw) =>
  typeof raw === 'string' && raw !== '' ? raw : null,
);

// ---- analytics consent from the cookie notice ----

export type AnalyticsConsent = 'granted' | 'denied';
export const analyticsConsentStore = createLocalStore<AnalyticsConsent>(ANALYTICS_CONSENT_KEY, (raw) =>
  raw === 'granted' || raw === 'denied' ? raw : null,
);
