/**
 * The chunks of the member pages app/layout/member-boot.ts starts ahead (issue 26): app/router.tsx's
 * routes render them through lib/lazy-loaded.tsx, so a page whose chunk is in shows without suspending.
 */
export const loadTimeline = () => import('./routes/community/timeline.tsx');
export const loadPostPage = () => import('./routes/community/post.tsx');
export const loadMembers = () => import('./routes/community/members.tsx');
export const loadMembership = () => import('./routes/account/membership.tsx');
