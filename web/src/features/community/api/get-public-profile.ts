/**
 * A member's public profile page: 'profile/{id}' (spec 7) is the profile with the first page of posts
 * and of comments; a later page of one list is `profile/{id}/{list}/{cursor}`, under 'profile/' too,
 * so the community cache patches a vote there. (A conversation's header reads 'profile/{id}' too:
 * chat/api/get-chat-partner.ts, the same key and call, so both share one cached copy.)
 */
import { type ApiInput, type ApiOutput, call } from '../../../lib/api.ts';
import { useApi } from '../../../lib/use-api.ts';
import type { PageSource } from '../hooks/use-cursor-pages.ts';

/** `id`, and at most one of the cursors for a later page of that list (none: the first pages). */
export type PublicProfileInput = ApiInput<'community', 'getPublicProfile'>;
export type PublicProfile = ApiOutput<'community', 'getPublicProfile'>;

export const publicProfileKey = ({ id, postsCursor, commentsCursor }: PublicProfileInput) =>
  postsCursor
    ? `profile/${id}/posts/${postsCursor}`
    : commentsCursor
      ? `profile/${id}/comments/${commentsCursor}`
      : `profile/${id}`;

/** The key and the call for one answer, for useApi or a paged list. */
export const publicProfileSource = (input: PublicProfileInput) => ({
  key: publicProfileKey(input),
  fetch: () => call('community', 'getPublicProfile', input),
});

export function usePublicProfile(input: PublicProfileInput | null) {
  const source = input ? publicProfileSource(input) : null;
  return useApi(source?.key ?? null, () => (source as ReturnType<typeof publicProfileSource>).fetch());
}

export type ProfileListName = 'posts' | 'comments';

/**
 * One page of one of the profile's lists, for useCursorPages: the first (cursor null) is the profile
 * itself (the same key as the page's usePublicProfile, so SWR asks once), a later one asks only that
 * list's cursor (the other list's cursor stays null).
 */
export const profileListPage = (
  id: number,
  list: ProfileListName,
  cursor: string | null,
): PageSource<PublicProfile> =>
  publicProfileSource({
    id,
    postsCursor: list === 'posts' ? cursor : null,
    commentsCursor: list === 'comments' ? cursor : null,
  });

/** Where the list goes on after a page. */
export const profileListNextCursor = (list: ProfileListName) => (page: PublicProfile) =>
  list === 'posts' ? page.postsNextCursor : page.commentsNextCursor;
