import type { Plan } from '@kring/contract';
import { useEffect, useState } from 'react';
import { callPublic } from '../api.ts';

/** One request per page load, shared by every component that shows the plans. */
let pending: Promise<Plan[]> | null = null;
/** The plans once loaded: a component mounted after that shows them in its first frame. */
let loaded: Plan[] | undefined;
/** Asks for the plans (once per page load); a page may start this before its components mount. */
export const loadPlans = () => {
  pending ??= callPublic('billing', 'listPlans', {}).then(
    (answer) => {
      loaded = answer.plans;
      return answer.plans;
    },
    (error: unknown) => {
      pending = null; // a later mount asks again
      throw error;
    },
  );
  return pending;
};

/** Forgets the loaded plans (tests). */
export const resetPlans = () => {
  pending = null;
  loaded = undefined;
};

/**
 * The plans a visitor can choose, with their prices: public (no token), so step 1 and /community show
 * them before anyone signs in. Plain React state, no SWR: the public pages stay small.
 */
export function usePlans(): { data: { plans: Plan[] } | undefined; error: unknown } {
  const [state, setState] = useState<{ data: { plans: Plan[] } | undefined; error: unknown }>(() => ({
    data: loaded ? { plans: loaded } : undefined,
    error: undefined,
  }));
  useEffect(() => {
    let live = true;
    loadPlans().then(
      (plans) => live && setState({ data: { plans }, error: undefined }),
      (error: unknown) => live && setState({ data: undefined, error }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
