import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const track = vi.fn();
vi.mock('../../../lib/analytics.ts', () => ({ track: (...args: unknown[]) => track(...args) }));

const { useSortOrder } = await import('./use-sort-order.ts');

describe('useSortOrder', () => {
  beforeEach(() => track.mockReset());

  it('starts by time and keeps the choice under the spec key, with one analytics event per change', () => {
    const { result } = renderHook(() => useSortOrder('posts'));
    expect(result.current[0]).toBe('createdAt');
    act(() => result.current[1]('points'));
    expect(result.current[0]).toBe('points');
    expect(JSON.parse(localStorage.getItem('sharedSortOrder/posts') ?? 'null')).toBe('points');
    expect(track).toHaveBeenCalledWith('COMMUNITY_POST_ORDER', { order: 'points' });
    // Choosing what is already chosen is no change.
    act(() => result.current[1]('points'));
    expect(track).toHaveBeenCalledTimes(1);
  });

  it('keeps comments apart from posts and reads a stored choice back', () => {
    localStorage.setItem('sharedSortOrder/comments', JSON.stringify('points'));
    const comments = renderHook(() => useSortOrder('comments'));
    const posts = renderHook(() => useSortOrder('posts'));
    expect(comments.result.current[0]).toBe('points');
    expect(posts.result.current[0]).toBe('createdAt');
    act(() => comments.result.current[1]('createdAt'));
    expect(track).toHaveBeenCalledWith('COMMUNITY_COMMENT_ORDER', { order: 'createdAt' });
  });

  it('ignores a malformed stored value', () => {
    localStorage.setItem('sharedSortOrder/posts', '"popular"');
    expect(renderHook(() => useSortOrder('posts')).result.current[0]).toBe('createdAt');
  });
});
