import type { Plan } from '@kring/contract';
import { useEffect, useState } from 'react';
import { callPublic } from '../api.ts';

/** One request per page load, shared by every component that shows the plans. */
let pending: Promise<Plan[]> | null = null;
const loadPlans = () => {
  pending ??= callPublic('billing', 'listPlans', {}).then(
    (answer) => answer.plans,
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
};

/**
 * The plans a visitor can choose, with their prices: public (no token), so step 1 and /community show
 * them before anyone signs in. Plain React state, no SWR: the public pages stay small.
 */
export function usePlans(): { data: { plans: Plan[] } | undefined; error: unknown } {
  const [state, setState] = useState<{ data: { plans: Plan[] } | undefined; error: unknown }>({
    data: undefined,
    error: undefined,
  });
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
