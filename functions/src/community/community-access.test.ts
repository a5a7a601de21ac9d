import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RtdbServer } from '../../../tools/rtdb/server.ts';
import {
  type Member,
  makeComment,
  makePost,
  startFakeStrapi,
  startRealtime,
  stopAll,
} from '../../test/community.ts';
import { callRaw, createMember, createUser, type TestUser } from '../../test/helpers.ts';

/**
 * Who may make each content call, and what bad input answers. The router checks role and profile;
 * these tests pin the outcome per caller: visitor, account without membership, member without a
 * profile, member, moderator and admin.
 */

let realtime: RtdbServer;
let strapi: Awaited<ReturnType<typeof startFakeStrapi>>;
let owner: Member;
const actors: Record<
  'visitor' | 'noMembership' | 'noProfile' | 'member' | 'moderator' | 'admin',
  TestUser | null
> = {
  visitor: null,
  noMembership: null,
  noProfile: null,
  member: null,
  moderator: null,
  admin: null,
};
type ActorName = keyof typeof actors;

beforeAll(async () => {
  realtime = await startRealtime();
  strapi = await startFakeStrapi(['een-artikel']);
  const [o, noMembership, noProfile, member, moderator, admin] = await Promise.all([
    createMember(1),
    createUser(),
    createUser(1),
    createMember(1),
    createMember(2),
    createMember(3),
  ]);
  owner = o;
  Object.assign(actors, { noMembership, noProfile, member, moderator, admin });
});

afterAll(async () => {
  await strapi.close();
  await stopAll(realtime);
});

type Access = 'public' | 'member' | 'profile' | 'moderator';
type Body = (actor: Member) => Promise<unknown> | unknown;

const ownPost = async (actor: Member) => ({ postId: (await makePost(actor)).id });
const ownersPost = async () => ({ postId: (await makePost(owner)).id });
const ownComment = async (actor: Member) => ({
  commentId: await makeComment(actor, (await makePost(owner)).id),
});
const ownersComment = async () => ({ commentId: await makeComment(owner, (await makePost(owner)).id) });

const calls: [name: string, access: Access, body: Body][] = [
  ['createPost', 'profile', () => ({ title: 'Titel', content: 'Tekst' })],
  ['createArticlePost', 'profile', () => ({ title: 'Titel', content: 'Tekst', articleSlug: 'een-artikel' })],
  ['editPost', 'profile', async (a) => ({ ...(await ownPost(a)), title: 'Nieuw', content: 'Nieuw' })],
  ['deletePost', 'profile', ownPost],
  ['getPost', 'member', ownersPost],
  ['listPosts', 'member', () => ({})],
  ['upvotePost', 'profile', ownersPost],
  ['undoUpvotePost', 'profile', ownersPost],
  ['createComment', 'profile', async () => ({ ...(await ownersPost()), content: 'Reactie' })],
  ['editComment', 'profile', async (a) => ({ ...(await ownComment(a)), content: 'Anders' })],
  ['deleteComment', 'profile', ownComment],
  ['upvoteComment', 'profile', ownersComment],
  ['undoUpvoteComment', 'profile', ownersComment],
  ['listTopics', 'public', () => ({})],
  ['listTrendingTopics', 'public', () => ({})],
  ['listTopicsByPostCount', 'public', () => ({ limit: 5 })],
  ['pinPostModerator', 'moderator', ownersPost],
  ['unpinPostModerator', 'moderator', ownersPost],
  ['deletePostModerator', 'moderator', async () => ({ ...(await ownersPost()), reason: 'Spam' })],
  ['deleteCommentModerator', 'moderator', async () => ({ ...(await ownersComment()), reason: 'Spam' })],
  ['listUserNotifications', 'profile', () => ({})],
  ['markNotificationsRead', 'profile', () => ({})],
  ['getMailPreferences', 'profile', () => ({})],
  ['updateMailPreferences', 'profile', () => ({ replies: true, upvotes: false, digest: true })],
];

const expected: Record<Access, Record<ActorName, number>> = {
  public: { visitor: 200, noMembership: 200, noProfile: 200, member: 200, moderator: 200, admin: 200 },
  member: { visitor: 401, noMembership: 403, noProfile: 200, member: 200, moderator: 200, admin: 200 },
  profile: { visitor: 401, noMembership: 403, noProfile: 403, member: 200, moderator: 200, admin: 200 },
  moderator: { visitor: 401, noMembership: 403, noProfile: 403, member: 403, moderator: 200, admin: 200 },
};

describe('who may call what', () => {
  for (const [name, access, body] of calls) {
    it(`${name} (${access})`, async () => {
      const got: Record<string, number> = {};
      for (const actorName of Object.keys(actors) as ActorName[]) {
        const actor = actors[actorName];
        // Members without a profile get a body made for the owner: what matters is whether they may call.
        const maker = actor && 'profileId' in actor ? (actor as Member) : owner;
        const res = await callRaw(name, await body(maker), actor ?? undefined);
        got[actorName] = res.status;
      }
      expect(got).toEqual(expected[access]);
    });
  }
});

describe('bad input is a 400 naming the field, never a 500', () => {
  const cases: [
    name: string,
    path: string,
    actor: 'member' | 'moderator',
    body: (postId: number, commentId: number) => unknown,
  ][] = [
    ['createPost', 'title', 'member', () => ({ title: '   ', content: 'x' })],
    ['createPost', 'content', 'member', () => ({ title: 'x' })],
    ['createPost', 'topics.0', 'member', () => ({ title: 'x', content: 'y', topics: ['een'] })],
    ['createPost', 'title', 'member', () => ({ title: 'x'.repeat(201), content: 'y' })],
    [
      'createPost',
      'addedImageRefs.0',
      'member',
      () => ({ title: 'x', content: 'y', addedImageRefs: ['../../geheim.png'] }),
    ],
    [
      'createArticlePost',
      'articleSlug',
      'member',
      () => ({ title: 'x', content: 'y', articleSlug: 'Geen Slug!' }),
    ],
    ['createArticlePost', 'articleSlug', 'member', () => ({ title: 'x', content: 'y' })],
    ['editPost', 'postId', 'member', () => ({ postId: 'abc', title: 'x', content: 'y' })],
    [
      'editPost',
      'deletedImageRefs',
      'member',
      (p) => ({ postId: p, title: 'x', content: 'y', deletedImageRefs: 'a' }),
    ],
    ['deletePost', 'postId', 'member', () => ({})],
    ['getPost', 'order', 'member', (p) => ({ postId: p, order: 'willekeurig' })],
    ['getPost', 'postId', 'member', () => ({ postId: -3 })],
    ['listPosts', 'pageSize', 'member', () => ({ pageSize: 0 })],
    ['listPosts', 'pageSize', 'member', () => ({ pageSize: 51 })],
    ['listPosts', 'cursor', 'member', () => ({ cursor: 5 })],
    ['listPosts', 'topicId', 'member', () => ({ topicId: 'x' })],
    ['upvotePost', 'postId', 'member', () => ({ postId: 1.5 })],
    ['undoUpvotePost', 'postId', 'member', () => ({ postId: null })],
    ['createComment', 'content', 'member', (p) => ({ postId: p, content: '   ' })],
    ['createComment', 'content', 'member', (p) => ({ postId: p, content: 'x'.repeat(5001) })],
    ['createComment', 'parentId', 'member', (p) => ({ postId: p, parentId: 'a', content: 'x' })],
    ['editComment', 'content', 'member', (_p, c) => ({ commentId: c, content: '' })],
    ['deleteComment', 'commentId', 'member', () => ({ commentId: null })],
    ['upvoteComment', 'commentId', 'member', () => ({})],
    ['undoUpvoteComment', 'commentId', 'member', () => ({ commentId: '1' })],
    ['listTopicsByPostCount', 'limit', 'member', () => ({ limit: 51 })],
    ['listTopicsByPostCount', 'cursor', 'member', () => ({ cursor: '%%%' })],
    ['pinPostModerator', 'postId', 'moderator', () => ({ postId: 'x' })],
    ['unpinPostModerator', 'postId', 'moderator', () => ({})],
    ['deletePostModerator', 'reason', 'moderator', (p) => ({ postId: p, reason: '' })],
    ['deletePostModerator', 'reason', 'moderator', (p) => ({ postId: p, reason: 'x'.repeat(501) })],
    ['deleteCommentModerator', 'reason', 'moderator', (_p, c) => ({ commentId: c })],
    ['markNotificationsRead', 'ids.0', 'member', () => ({ ids: ['a'] })],
    ['markNotificationsRead', 'ids', 'member', () => ({ ids: Array.from({ length: 201 }, (_, i) => i + 1) })],
  ];

  it.each(cases)('%s: bad %s', async (name, path, actorName, body) => {
    const post = await makePost(owner);
    const commentId = await makeComment(actors[actorName] as Member, post.id);
    const res = await callRaw(name, body(post.id, commentId), actors[actorName]!);
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('VALIDATION');
    expect(res.body.error?.issues?.map((i) => i.path)).toContain(path);
  });

  it.each(['listTopics', 'listTrendingTopics', 'listUserNotifications'])(
    '%s refuses a body that is not an object',
    async (name) => {
      for (const body of ['"tekst"', '[1]', '5', '{kapot']) {
        const res = await callRaw(name, body, actors.member!);
        expect(res.status, body).toBe(400);
        expect(res.body.error?.code).toBe('VALIDATION');
      }
    },
  );
});
