/**
 * Issue 23: the personal details typed at step 1 follow the member to another device. Before the
 * account exists they live in this browser (onboardingState, spec 3); once it exists they are stored
 * on the server (createMembership, a pending membership) and read back from the account elsewhere.
 */
import { useEffect, useRef } from 'react';
import { ApiError } from '../../../lib/api.ts';
import { useAccount, useAuth } from '../../../lib/auth.tsx';
import {
  type OnboardingState,
  onboardingStore,
  type PersonalDetailsValues,
  personalDetailFields,
  personalDetailsOf,
  useLocalStore,
} from '../../../lib/storage.ts';
import { createMembership } from '../api/create-membership.ts';
import { updateOnboardingDetails } from '../api/update-membership.ts';

/**
 * Sends completed details from this browser to the server once the account exists and has no
 * membership yet (after 'Account aanmaken', or a sign-in with details typed before it). Once per
 * sign-in; a failure leaves them here: the payment step sends them along anyway.
 */
export function useDetailsOnServer() {
  const { user } = useAuth();
  const { data: account, refresh } = useAccount();
  const onboarding = useLocalStore(onboardingStore);
  const sentFor = useRef<string | null>(null);
  const uid = user?.uid ?? null;
  const ready = Boolean(uid && account && !account.membership && onboarding?.isComplete);

  useEffect(() => {
    if (!ready || !uid || !onboarding || sentFor.current === uid) return;
    sentFor.current = uid;
    createMembership(personalDetailsOf(onboarding)).then(
      () => refresh(),
      (error: unknown) => {
        // A membership already there (another tab was first): read it; anything else stays local.
        if (error instanceof ApiError && error.code === 'CONFLICT') void refresh();
        else console.warn('personal details not stored on the server yet', error);
      },
    );
  }, [ready, uid, onboarding, refresh]);
}

/**
 * Step 1 for someone signed in: the details come from the server when this browser has none typed
 * (another device, or after a failed payment), and a submit stores them there (create or update).
 */
export function useServerDetails() {
  const { user } = useAuth();
  const { data: account, refresh } = useAccount();
  const membership = user ? (account?.membership ?? null) : null;
  const prefilled = useRef(false);

  useEffect(() => {
    if (!membership || prefilled.current) return;
    prefilled.current = true;
    // The server wins over a copy this browser already sent (isComplete) or took from it: another
    // device may have changed the details since. Only edits typed here and not yet sent stay.
    const local = onboardingStore.get();
    if (local && !local.isComplete && hasTyped(local)) return;
    onboardingStore.set({ ...personalDetailsOf(membership), errors: {}, isComplete: true });
  }, [membership]);

  /** Undefined without a sign-in: the details stay in this browser until the account exists. */
  const save = user
    ? async (values: PersonalDetailsValues) => {
        // Unchanged: nothing to store (updateMembership asks for a recent sign-in).
        if (membership && sameDetails(values, personalDetailsOf(membership))) return;
        if (membership) await updateOnboardingDetails(values);
        else
          await createMembership(values).catch(async (error: unknown) => {
            // Stored meanwhile (the shell's useDetailsOnServer, another tab): change it instead.
            if (!(error instanceof ApiError && error.code === 'CONFLICT')) throw error;
            await updateOnboardingDetails(values);
          });
        await refresh();
      }
    : undefined;
  return { save };
}

/** The same details as the server stores them (it trims every field). */
const sameDetails = (a: PersonalDetailsValues, b: PersonalDetailsValues) =>
  personalDetailFields.every((field) => a[field].trim() === b[field].trim());

const hasTyped = (state: OnboardingState) =>
  personalDetailsOf(state).firstName.trim() !== '' || personalDetailsOf(state).lastName.trim() !== '';
