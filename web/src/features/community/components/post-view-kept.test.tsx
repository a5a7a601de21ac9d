import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { mutate } from 'swr';
import { cache } from 'swr/_internal';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { restoreMemberCache, saveMemberCache } from '../../../lib/member-cache.ts';
import { stubFetchPerTest } from '../../../test/fetch-mock.ts';
import { jsonResponse } from '../../../test/render.tsx';
import { commentPageKey } from '../api/post.ts';
import { postFixture } from '../test-fixtures.ts';
import { PostView } from './post-view.tsx';

vi.mock('../../../lib/firebase.ts', () => ({
  getIdToken: async () => 'token',
  currentUid: async () => 'anna',
}));
vi.mock('../../../lib/auth.tsx', () => ({
  useAuth: () => ({ status: 'ready', user: { uid: 'anna', email: null, displayName: null } }),
  useAccount: () => ({ data: undefined }),
}));
const fetchMock = stubFetchPerTest();

// The app's own SWR cache (no provider), which the member cache writes to and reads from.
const forgetSwr = () => mutate(() => true, undefined, { revalidate: false });
afterEach(async () => {
  await forgetSwr();
  window.sessionStorage.clear();
});

const key = commentPageKey({ postId: 5, order: 'createdAt', cursor: null, focusCommentId: null });
const held = () => (cache.get(key) as { data?: unknown } | undefined)?.data;

describe('a post kept for a repeat visit (member-cache.ts)', () => {
  it('is not shown once the server says it is gone (removed by a moderator since), nor kept again', async () => {
    const post = postFixture(5, { title: 'Wordt verwijderd' });
    await mutate(key, { post, comments: [], nextCursor: null }, { revalidate: false });
    saveMemberCache('anna');
    await forgetSwr();
    // A moderator removes the post; anna reloads its page in the same tab.
    fetchMock.mockImplementation(async () =>
      jsonResponse({ error: { code: 'NOT_FOUND', message: 'Post not found' } }, 404),
    );
    restoreMemberCache('anna');
    render(
      <MemoryRouter>
        <PostView postId={5} highlightCommentId={null} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Dit bericht bestaat niet (meer).')).toBeTruthy();
    expect(screen.queryByText('Wordt verwijderd')).toBeNull();
    // Leaving the page keeps no copy of it for the next load.
    saveMemberCache('anna');
    await forgetSwr();
    restoreMemberCache('anna');
    await Promise.resolve();
    expect(held()).toBeUndefined();
  });
});
