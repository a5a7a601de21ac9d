import { validationMessages as m } from '@kring/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RtdbServer } from '../../../tools/rtdb/server.ts';
import {
  type Member,
  makeComment,
  makePost,
  makeTopic,
  startRealtime,
  stopAll,
} from '../../test/community.ts';
import {
  type ApiResponse,
  call,
  callRaw,
  createMember,
  createUser,
  type TestUser,
} from '../../test/helpers.ts';
import { encodeCursor } from './shared/cursor.ts';
import { communityMessages as cm } from './shared/messages.ts';

/**
 * Input that looks valid but cannot be stored or compared in Postgres (NUL characters, numbers beyond
 * an int4 column, dates that do not exist) is a 400 naming the field, never a 500 from the database.
 */

let realtime: RtdbServer;
let author: Member;
let moderator: Member;
let signedIn: TestUser;

beforeAll(async () => {
  realtime = await startRealtime();
  [author, moderator, signedIn] = await Promise.all([createMember(1), createMember(2), createUser()]);
});

afterAll(() => stopAll(realtime));

const expectFieldError = (res: ApiResponse<unknown>, path: string, message?: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.error?.code).toBe('VALIDATION');
  const issues = res.body.error?.issues ?? [];
  expect(issues.map((i) => i.path)).toContain(path);
  if (message) expect(issues.find((i) => i.path === path)?.message).toBe(message);
};

const NUL = 'met een \u0000 erin';
const details = {
  firstName: 'Sanne',
  lastName: 'de Boer',
  birthdate: '1988-04-12',
  phoneNumber: '06 12345678',
  streetName: 'Lange Voorhout',
  houseNumber: '12',
  houseNumberExtension: 'A',
  postalCode: '2514 EE',
  city: 'Den Haag',
  country: 'Nederland',
};

describe('a NUL character (U+0000) in text', () => {
  it('is refused in posts, comments, messages and moderator reasons, and nothing changes', async () => {
    const post = await makePost(author, { title: 'Ongeschonden', content: 'Blijft zo' });
    const commentId = await makeComment(author, post.id, 'Ook ongeschonden');
    const cases: [string, Record<string, unknown>, TestUser, string][] = [
      ['createPost', { title: NUL, content: 'x' }, author, 'title'],
      ['createPost', { title: 'x', content: NUL }, author, 'content'],
      ['createArticlePost', { title: NUL, content: 'x', articleSlug: 'een-artikel' }, author, 'title'],
      ['editPost', { postId: post.id, title: 'x', content: NUL }, author, 'content'],
      ['createComment', { postId: post.id, content: NUL }, author, 'content'],
      ['editComment', { commentId, content: NUL }, author, 'content'],
      ['sendMessage', { toUserId: moderator.profileId, content: NUL }, author, 'content'],
      ['deletePostModerator', { postId: post.id, reason: `Spam ${NUL}` }, moderator, 'reason'],
      ['deleteCommentModerator', { commentId, reason: `Spam ${NUL}` }, moderator, 'reason'],
    ];
    for (const [name, body, user, field] of cases) {
      expectFieldError(await callRaw(name, body, user), field, m.invalidCharacter);
    }
    const view = await call('getPost', { postId: post.id }, author);
    expect(view.body.post).toMatchObject({ title: 'Ongeschonden', content: 'Blijft zo', deletedAt: null });
    expect(view.body.comments.map((c) => c.content)).toEqual(['Ook ongeschonden']);
  });

  it('is refused in profile fields', async () => {
    const fresh = await createUser(1);
    expectFieldError(
      await call('createProfile', { name: 'nul_teken', occupation: NUL }, fresh),
      'occupation',
      m.invalidCharacter,
    );
    expectFieldError(await call('updateProfile', { name: author.name, bio: NUL }, author), 'bio');
    expect((await call('getProfile', {}, author)).body.profile).toMatchObject({ bio: 'Hallo allemaal' });
  });

  it('is refused in every personal-details field of a membership and of a payment start', async () => {
    for (const field of Object.keys(details)) {
      const membership = { ...details, [field]: `${details[field as keyof typeof details]}\u0000` };
      for (const path of [
        'createMembership',
        'updateMembership',
        '/web/subscription/createSubscriptionInitialPayment',
      ]) {
        expectFieldError(
          await callRaw(path, { membership }, signedIn),
          `membership.${field}`,
          m.invalidCharacter,
        );
      }
    }
  });
});

describe('a topic id beyond the topics column (int4)', () => {
  it('is a 400 on topicId / topics, like any unknown topic', async () => {
    const post = await makePost(author);
    expectFieldError(await call('listPosts', { topicId: 3_000_000_000 }, author), 'topicId');
    expectFieldError(
      await call('createPost', { title: 'x', content: 'y', topics: [3_000_000_000] }, author),
      'topics.0',
    );
    expectFieldError(
      await call('editPost', { postId: post.id, title: 'x', content: 'y', topics: [2_147_483_648] }, author),
      'topics.0',
    );
    // The largest int4 is still a well-formed id: it is simply an unknown topic.
    expectFieldError(await call('listPosts', { topicId: 2_147_483_647 }, author), 'topicId', cm.topicUnknown);
  });
});

describe('a hand-made cursor', () => {
  const date = '2024-05-01T12:00:00.000000Z';
  const badDates = [
    '2024-13-45T00:00:00.000000Z',
    '9999-99-99T99:99:99.999999Z',
    '2023-02-29T00:00:00.000000Z',
    '2024-01-01T24:00:00.000000Z',
    '0000-01-01T00:00:00.000000Z',
    '2024-05-01',
    'gisteren',
    '',
  ];
  const huge = 2 ** 40;

  it('with an oversized number or a date that does not exist is a 400 on cursor for listPosts', async () => {
    const cursors = [
      encodeCursor({ o: 'p', a: date, p: huge, c: date, i: 1 }),
      ...badDates.flatMap((bad) => [
        encodeCursor({ o: 'p', a: bad, p: 0, c: date, i: 1 }),
        encodeCursor({ o: 'p', a: date, p: 0, c: bad, i: 1 }),
      ]),
    ];
    for (const cursor of cursors) {
      expectFieldError(
        await call('listPosts', { order: 'points', cursor }, author),
        'cursor',
        cm.cursorInvalid,
      );
    }
    for (const bad of badDates) {
      const cursor = encodeCursor({ o: 'c', c: bad, i: 1 });
      expectFieldError(
        await call('listPosts', { order: 'createdAt', cursor }, author),
        'cursor',
        cm.cursorInvalid,
      );
    }
    // A well-formed cursor of the same shape still pages.
    const ok = await call(
      'listPosts',
      { order: 'points', cursor: encodeCursor({ o: 'p', a: date, p: 5, c: date, i: 1 }) },
      author,
    );
    expect(ok.status).toBe(200);
  });

  it('is a 400 on cursor for listUsers by karma and by date', async () => {
    const karma = encodeCursor({ points: huge, id: 1 });
    expectFieldError(
      await call('listUsers', { order: 'points', cursor: karma }, author),
      'cursor',
      cm.cursorInvalid,
    );
    for (const bad of badDates) {
      const cursor = encodeCursor({ createdAt: bad, id: 1 });
      expectFieldError(
        await call('listUsers', { order: 'createdAt', cursor }, author),
        'cursor',
        cm.cursorInvalid,
      );
    }
    const ok = await call(
      'listUsers',
      { order: 'points', cursor: encodeCursor({ points: -5, id: 1 }) },
      author,
    );
    expect(ok.status).toBe(200);
  });

  it('is a 400 on the right cursor field of a public profile', async () => {
    const cursor = encodeCursor({ createdAt: badDates[0], id: 1 });
    expectFieldError(
      await call('getPublicProfile', { id: author.profileId, postsCursor: cursor }, moderator),
      'postsCursor',
      cm.cursorInvalid,
    );
    expectFieldError(
      await call('getPublicProfile', { id: author.profileId, commentsCursor: cursor }, moderator),
      'commentsCursor',
      cm.cursorInvalid,
    );
    const ok = await call(
      'getPublicProfile',
      { id: author.profileId, postsCursor: encodeCursor({ createdAt: date, id: 1 }) },
      moderator,
    );
    expect(ok.status).toBe(200);
    expect(ok.body.posts).toEqual([]);
  });

  it('is a 400 on cursor for the public listTopicsByPostCount, without a token too', async () => {
    await makeTopic();
    for (const cursor of [encodeCursor({ n: huge, i: 1 }), encodeCursor({ n: 1, i: 3_000_000_000 })]) {
      expectFieldError(await call('listTopicsByPostCount', { cursor }), 'cursor', cm.cursorInvalid);
    }
    const ok = await call('listTopicsByPostCount', { cursor: encodeCursor({ n: 2_147_483_647, i: 1 }) });
    expect(ok.status).toBe(200);
  });
});

describe('a missing field or a value of the wrong kind', () => {
  it('is named in Dutch, not in the validation library’s English', async () => {
    const missing = await callRaw('createPost', { title: 'Zonder inhoud' }, author);
    expectFieldError(missing, 'content', m.required);
    expectFieldError(
      await callRaw('createComment', { postId: 'een', content: 'Hoi' }, author),
      'postId',
      m.invalid,
    );
    const pinned = await callRaw('pinPostModerator', {}, moderator);
    expectFieldError(pinned, 'postId', m.required);
    // A message the contract gives itself stays as it is.
    expectFieldError(await call('createComment', { postId: 1, content: '' }, author), 'content');
    for (const res of [missing, pinned]) {
      for (const issue of res.body.error?.issues ?? []) expect(issue.message).not.toMatch(/Invalid|expected/);
    }
  });
});
