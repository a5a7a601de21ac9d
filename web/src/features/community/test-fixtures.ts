/** Posts, topics and a fake API for the timeline's tests. */
import type { Post, Topic } from '@kring/contract';
import type { vi } from 'vitest';
import { jsonResponse } from '../../test/render.tsx';

const now = new Date().toISOString();

export const postFixture = (id: number, overrides: Partial<Post> = {}): Post => ({
  id,
  title: `Bericht ${id}`,
  content: `Inhoud van bericht ${id}`,
  topics: [],
  images: [],
  author: { id: 70 + id, name: `lid_${id}`, role: 1, karmaPoints: 0, avatarUrl: null },
  articleSlug: null,
  points: 0,
  commentCount: 0,
  hasUpvoted: false,
  createdAt: now,
  updatedAt: now,
  deletedAt: null,
  pinnedAt: null,
  deleteReason: null,
  mentions: [],
  ...overrides,
});

export const topicFixture = (id: number, name: string, postCount = 1): Topic => ({
  id,
  name,
  slug: name.toLowerCase().replace(/\s+/g, '-'),
  postCount,
  createdAt: now,
  updatedAt: now,
});

/** An endpoint's answer: its output, or a Response for a failure. */
type Handler = (input: Record<string, unknown>) => unknown;

/**
 * Answers `/web/community/{name}` from `handlers` (listTopics, listTrendingTopics and
 * listTopicsByPostCount answer empty unless given) and records every call with its input.
 */
export function fakeApi(
  fetchMock: ReturnType<typeof vi.fn<typeof fetch>>,
  handlers: Record<string, Handler>,
) {
  const calls: { name: string; input: Record<string, unknown> }[] = [];
  const all: Record<string, Handler> = {
    listTopics: () => ({ topics: [] }),
    listTrendingTopics: () => ({ topics: [] }),
    listTopicsByPostCount: () => ({ items: [], nextCursor: null }),
    ...handlers,
  };
  fetchMock.mockImplementation(async (url, init) => {
    const name = String(url).split('/').pop() ?? '';
    const input = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    calls.push({ name, input });
    const handler = all[name];
    if (!handler) return jsonResponse({ error: { code: 'NOT_FOUND' } }, 404);
    const answer = handler(input);
    return answer instanceof Response ? answer : jsonResponse(answer);
  });
  return {
    calls,
    inputsOf: (name: string) => calls.filter((c) => c.name === name).map((c) => c.input),
  };
}
