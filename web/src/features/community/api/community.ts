import { call } from '../../../lib/api.ts';
import { useApi } from '../../../lib/use-api.ts';

/** A later page of a profile's posts or comments, by the cursor the page before handed out. */
export interface ProfileListPage {
  list: 'posts' | 'comments';
  cursor: string;
}

/**
 * SWR key 'profile/{id}' (spec 7): the profile with the first page of posts and of comments. A later
 * page is `profile/{id}/{list}/{cursor}`; under 'profile/' too, so cache.ts patches a vote there.
 */
export const usePublicProfile = (id: number | null, page?: ProfileListPage) =>
  useApi(id ? (page ? `profile/${id}/${page.list}/${page.cursor}` : `profile/${id}`) : null, () =>
    call('community', 'getPublicProfile', {
      id: id as number,
      postsCursor: page?.list === 'posts' ? page.cursor : null,
      commentsCursor: page?.list === 'comments' ? page.cursor : null,
    }),
  );
