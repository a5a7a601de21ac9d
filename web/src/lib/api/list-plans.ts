import type { Plan } from '@kring/contract';
import { useEffect, useState } from 'react';
import { apiPath, callPublic } from '../api.ts';

/**
 * The plans' key in the content store: the server render of /community asks the `site` function for
 * it (which calls `listPlans` itself) and carries the answer in the page's snapshot (issue 27).
 */
export const PLANS_URL = apiPath('billing', 'listPlans');

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

type PlansState = {
  data: { plans: Plan[] } | undefined;
  error: unknown;
  /** Asks again after a failure (the state is loading meanwhile). */
  retry: () => void;
};

/**
 * The plans a visitor can choose, with their prices: public (no token), so step 1 and /community show
 * them before anyone signs in. `served`: the plans the server rendered with (/community reads them
 * from the page's snapshot), used without a call; otherwise plain React state, no SWR: the public
 * pages stay small.
 */
export function usePlans(served?: { plans: Plan[] }): PlansState {
  const [state, setState] = useState<Omit<PlansState, 'retry'>>(() => ({
    data: served ?? (loaded ? { plans: loaded } : undefined),
    error: undefined,
  }));
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks again on a retry
  useEffect(() => {
    if (served) return;
    let live = true;
    loadPlans().then(
      (plans) => live && setState({ data: { plans }, error: undefined }),
      (error: unknown) => live && setState({ data: undefined, error }),
    );
    return () => {
      live = false;
    };
  }, [served, attempt]);
  const retry = () => {
    setState({ data: undefined, error: undefined });
    setAttempt((n) => n + 1);
  };
  return { ...state, retry };
}
