import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RtdbServer } from '../../../../tools/rtdb/server.ts';
import {
  type Member,
  makeComment,
  makePost,
  makeTopic,
  startRealtime,
  stopAll,
} from '../../../test/community.ts';
import { call, createMember } from '../../../test/helpers.ts';

let realtime: RtdbServer;
let author: Member;
let voter: Member;

beforeAll(async () => {
  realtime = await startRealtime();
  [author, voter] = await Promise.all([createMember(1), createMember(1)]);
});

afterAll(() => stopAll(realtime));

const karmaOf = async (member: Member) => (await call('getProfile', {}, member)).body.profile!.karmaPoints;
const pointsOf = async (postId: number) => (await call('getPost', { postId }, voter)).body.post.points;

describe('upvotePost', () => {
  it('counts 50 parallel upvotes by 50 members exactly, and gives the author 50 karma', async () => {
    const post = await makePost(author);
    const members = await Promise.all(Array.from({ length: 50 }, () => createMember(1)));
    const karmaBefore = await karmaOf(author);
    const results = await Promise.all(members.map((m) => call('upvotePost', { postId: post.id }, m)));
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    expect(results.every((r) => r.body.hasUpvoted === true)).toBe(true);
    expect(results.map((r) => r.body.points).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
    expect(await pointsOf(post.id)).toBe(50);
    expect(await karmaOf(author)).toBe(karmaBefore + 50);
  });

  it('counts the same member once, also when the calls race', async () => {
    const post = await makePost(author);
    const karmaBefore = await karmaOf(author);
    const racing = await Promise.all([1, 2, 3, 4].map(() => call('upvotePost', { postId: post.id }, voter)));
    expect(racing.map((r) => r.body)).toEqual(racing.map(() => ({ points: 1, hasUpvoted: true })));
    expect((await call('upvotePost', { postId: post.id }, voter)).body).toEqual({
      points: 1,
      hasUpvoted: true,
    });
    expect(await pointsOf(post.id)).toBe(1);
    expect(await karmaOf(author)).toBe(karmaBefore + 1);
    expect((await call('getPost', { postId: post.id }, voter)).body.post.hasUpvoted).toBe(true);
  });

  it('lets an author upvote their own post for a point, without karma', async () => {
    const post = await makePost(author);
    const karmaBefore = await karmaOf(author);
    expect((await call('upvotePost', { postId: post.id }, author)).body).toEqual({
      points: 1,
      hasUpvoted: true,
    });
    expect(await karmaOf(author)).toBe(karmaBefore);
    expect((await call('undoUpvotePost', { postId: post.id }, author)).body).toEqual({
      points: 0,
      hasUpvoted: false,
    });
    expect(await karmaOf(author)).toBe(karmaBefore);
  });

  it('refuses a deleted or missing post with 404', async () => {
    const post = await makePost(author);
    await call('deletePost', { postId: post.id }, author);
    expect((await call('upvotePost', { postId: post.id }, voter)).status).toBe(404);
    expect((await call('undoUpvotePost', { postId: post.id }, voter)).status).toBe(404);
    expect((await call('upvotePost', { postId: 2_000_000_000 }, voter)).status).toBe(404);
  });
});

describe('undoUpvotePost', () => {
  it('takes the point and the karma back once; without a vote nothing changes', async () => {
    const post = await makePost(author);
    const karmaBefore = await karmaOf(author);
    await call('upvotePost', { postId: post.id }, voter);
    const undone = await Promise.all([1, 2, 3].map(() => call('undoUpvotePost', { postId: post.id }, voter)));
    expect(undone.map((r) => r.body)).toEqual(undone.map(() => ({ points: 0, hasUpvoted: false })));
    expect(await karmaOf(author)).toBe(karmaBefore);
    expect(await pointsOf(post.id)).toBe(0);
    // A vote again after an undo counts again.
    expect((await call('upvotePost', { postId: post.id }, voter)).body).toEqual({
      points: 1,
      hasUpvoted: true,
    });
    expect(await karmaOf(author)).toBe(karmaBefore + 1);
  });
});

describe('upvoteComment and undoUpvoteComment', () => {
  it('count one vote per member, move the author karma, and show hasUpvoted in the post', async () => {
    const post = await makePost(voter);
    const commentId = await makeComment(author, post.id);
    const karmaBefore = await karmaOf(author);
    const others = await Promise.all([1, 2, 3].map(() => createMember(1)));
    await Promise.all(
      [...others, others[0]!, others[1]!].map((m) => call('upvoteComment', { commentId }, m)),
    );
    expect((await call('upvoteComment', { commentId }, voter)).body).toEqual({ points: 4, hasUpvoted: true });
    expect(await karmaOf(author)).toBe(karmaBefore + 4);
    const view = (await call('getPost', { postId: post.id }, voter)).body.comments;
    expect(view.find((c) => c.id === commentId)).toMatchObject({ points: 4, hasUpvoted: true });

    expect((await call('undoUpvoteComment', { commentId }, voter)).body).toEqual({
      points: 3,
      hasUpvoted: false,
    });
    expect((await call('undoUpvoteComment', { commentId }, voter)).body).toEqual({
      points: 3,
      hasUpvoted: false,
    });
    expect(await karmaOf(author)).toBe(karmaBefore + 3);
  });

  it('give no karma for a vote on your own comment, and refuse deleted comments', async () => {
    const post = await makePost(voter);
    const commentId = await makeComment(author, post.id);
    const karmaBefore = await karmaOf(author);
    expect((await call('upvoteComment', { commentId }, author)).body).toEqual({
      points: 1,
      hasUpvoted: true,
    });
    expect(await karmaOf(author)).toBe(karmaBefore);
    await call('deleteComment', { commentId }, author);
    expect((await call('upvoteComment', { commentId }, voter)).status).toBe(404);
    expect((await call('undoUpvoteComment', { commentId }, author)).status).toBe(404);
  });
});

describe("what the reads show as the viewer's vote", () => {
  it("shows each member only their own upvotes, in getPost and listPosts, never someone else's", async () => {
    const topicId = (await makeTopic()).id;
    const post = await makePost(author, { topics: [topicId] });
    const upvoted = await makeComment(author, post.id, 'Gestemd door de stemmer');
    const other = await makeComment(author, post.id, 'Gestemd door de schrijver');
    expect((await call('upvotePost', { postId: post.id }, voter)).status).toBe(200);
    expect((await call('upvoteComment', { commentId: upvoted }, voter)).status).toBe(200);
    expect((await call('upvoteComment', { commentId: other }, author)).status).toBe(200);
    const onlooker = await createMember(1);
    const seenBy = async (member: Member) => {
      const { post: shown, comments } = (await call('getPost', { postId: post.id }, member)).body;
      const listed = (await call('listPosts', { topicId }, member)).body.items;
      return {
        post: shown.hasUpvoted,
        listed: listed.map((p) => p.hasUpvoted),
        comments: comments.map((c) => [c.id, c.hasUpvoted]),
      };
    };
    expect(await seenBy(voter)).toEqual({
      post: true,
      listed: [true],
      comments: [
        [upvoted, true],
        [other, false],
      ],
    });
    expect(await seenBy(author)).toEqual({
      post: false,
      listed: [false],
      comments: [
        [upvoted, false],
        [other, true],
      ],
    });
    expect(await seenBy(onlooker)).toEqual({
      post: false,
      listed: [false],
      comments: [
        [upvoted, false],
        [other, false],
      ],
    });
  });
});
