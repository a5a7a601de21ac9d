import { matchPath } from 'react-router-dom';
import { loadNow } from '../lib/lazy-loaded.tsx';
import { paths } from '../lib/paths.ts';

/**
 * The chunks of the member pages app/layout/member-boot.ts starts ahead (issue 26): app/router.tsx's
 * routes render them through lib/lazy-loaded.tsx, so a page whose chunk is in shows without suspending.
 */
export const loadTimeline = () => import('./routes/community/timeline.tsx');
export const loadPostPage = () => import('./routes/community/post.tsx');
export const loadMembers = () => import('./routes/community/members.tsx');
export const loadMembership = () => import('./routes/account/membership.tsx');

/** The member pages' patterns and chunks (member-boot.ts asks each for its first data). */
export const memberPages = [
  [paths.community.timeline, loadTimeline],
  [paths.community.post.pattern, loadPostPage],
  [paths.community.members, loadMembers],
  [paths.account.membership, loadMembership],
] as const;

/** Starts the chunk of the member page at `pathname`, if it is one (app/main.tsx, before React). */
export function startMemberPage(pathname: string): void {
  const page = memberPages.find(([pattern]) => matchPath(pattern, pathname));
  if (page) void loadNow(page[1]).catch(() => undefined);
}
