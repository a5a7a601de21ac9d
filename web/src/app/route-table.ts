/**
 * Which account state(s) each page needs (spec 4). Kept apart from the router so the rules are
 * testable: every state's own route must accept that state, or the gate would redirect in a loop.
 */
import { matchPath } from 'react-router-dom';
import type { AccountState } from '../features/auth/account-state.ts';

export const accountStatesByPath = {
  '/auth/signin': ['Blank', 'PersonalDetailsComplete'],
  '/onboarding/personal-details': ['Blank', 'PersonalDetailsComplete', 'AccountComplete', 'Exception'],
  '/onboarding/register': ['PersonalDetailsComplete'],
  '/onboarding/payment': ['AccountComplete'],
  '/onboarding/profile': ['MembershipComplete'],
  '/community/tijdlijn': ['ProfileComplete'],
  '/community/bericht/:postId': ['ProfileComplete'],
  '/community/profiel/:id': ['ProfileComplete'],
  '/account/profiel': ['ProfileComplete'],
  '/account/lidmaatschap': ['MembershipComplete', 'ProfileComplete'],
} as const satisfies Record<string, readonly AccountState[]>;

/** The states the page at `pathname` needs, or undefined for a page open to everyone. */
export function statesForPath(pathname: string): readonly AccountState[] | undefined {
  for (const [pattern, states] of Object.entries(accountStatesByPath)) {
    if (matchPath(pattern, pathname)) return states;
  }
  return undefined;
}
