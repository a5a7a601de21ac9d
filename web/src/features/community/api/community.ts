import useSWR from 'swr';
import { call } from '../../../lib/api.ts';

export const useTimeline = () => useSWR('posts/createdAt', () => call('community', 'listPosts', {}));

export const usePost = (postId: number | null) =>
  useSWR(postId ? `post/${postId}` : null, () => call('community', 'getPost', { postId: postId as number }));

/** SWR key 'profile/{id}' (spec 7). */
export const usePublicProfile = (id: number | null) =>
  useSWR(id ? `profile/${id}` : null, () => call('community', 'getPublicProfile', { id: id as number }));
