import { call } from '../../../lib/api.ts';
import { useApi } from '../../../lib/use-api.ts';

export const useTimeline = () => useApi('posts/createdAt', () => call('community', 'listPosts', {}));

export const usePost = (postId: number | null) =>
  useApi(postId ? `post/${postId}` : null, () => call('community', 'getPost', { postId: postId as number }));

/** SWR key 'profile/{id}' (spec 7). */
export const usePublicProfile = (id: number | null) =>
  useApi(id ? `profile/${id}` : null, () => call('community', 'getPublicProfile', { id: id as number }));
