/**
 * Which account state(s) each page needs (spec 4). Kept apart from the router so the rules are
 * testable: every state's own route must accept that state, or the gate would redirect in a loop.
 */
import { matchPath } from 'react-router-dom';
import type { AccountState } from '../features/auth/account-state.ts';
import { paths } from '../lib/paths.ts';

export const accountStatesByPath = {
  [paths.auth.signIn]: ['Blank', 'PersonalDetailsComplete'],
  [paths.onboarding.personalDetails]: ['Blank', 'PersonalDetailsComplete', 'AccountComplete', 'Exception'],
  [paths.onboarding.register]: ['PersonalDetailsComplete'],
  [paths.onboarding.payment]: ['AccountComplete'],
  [paths.onboarding.profile]: ['MembershipComplete'],
  [paths.community.timeline]: ['ProfileComplete'],
  [paths.community.post.pattern]: ['ProfileComplete'],
  [paths.community.profile.pattern]: ['ProfileComplete'],
  [paths.community.members]: ['ProfileComplete'],
  [paths.community.search]: ['ProfileComplete'],
  [paths.community.moderation]: ['ProfileComplete'],
  [paths.community.notifications]: ['ProfileComplete'],
  [paths.admin]: ['ProfileComplete'],
  [paths.account.profile]: ['ProfileComplete'],
  [paths.account.membership]: ['MembershipComplete', 'ProfileComplete'],
  [paths.account.mail]: ['ProfileComplete'],
} as const satisfies Record<string, readonly AccountState[]>;

/**
 * Gated pages a suspended member still gets, with the suspension notice on top (the gate shows every
 * other gated page's place to them as the notice alone). The membership page: a suspension takes the
 * community away, not the right to one's data (export, deletion) nor the right to stop paying.
 */
export const openWhileSuspended: readonly string[] = [paths.account.membership];

export const isOpenWhileSuspended = (pathname: string) =>
  openWhileSuspended.some((pattern) => matchPath(pattern, pathname) !== null);

/** The states the page at `pathname` needs, or undefined for a page open to everyone. */
export function statesForPath(pathname: string): readonly AccountState[] | undefined {
  for (const [pattern, states] of Object.entries(accountStatesByPath)) {
    if (matchPath(pattern, pathname)) return states;
  }
  return undefined;
}
