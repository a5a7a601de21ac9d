/**
 * A member's public profile, read by the profile page and by a conversation's header: one key scheme
 * and one call, so both share one cached copy. 'profile/{id}' (spec 7) is the profile with the first
 * page of posts and of comments; a later page of one list is `profile/{id}/{list}/{cursor}`, under
 * 'profile/' too, so the community cache patches a vote there.
 */
import { type ApiInput, type ApiOutput, call } from './api.ts';
import { useApi } from './use-api.ts';

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
