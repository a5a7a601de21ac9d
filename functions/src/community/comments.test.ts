import type { Comment, Post } from '@kring/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RtdbServer } from '../../../tools/rtdb/server.ts';
import { call, createMember } from '../../test/helpers.ts';
import { communityMessages as cm } from './community-messages.ts';
import { type Member, makeComment, makePost, startRealtime, stopAll } from './test-support.ts';

let realtime: RtdbServer;
let author: Member;
let other: Member;

beforeAll(async () => {
  realtime = await startRealtime();
  [author, other] = await Promise.all([createMember(1), createMember(1)]);
});

afterAll(() => stopAll(realtime));

const postView = async (postId: number, viewer: Member) => {
  const res = await call('getPost', { postId }, viewer);
  return { post: res.body.post as Post, comments: res.body.comments as Comment[] };
};

describe('createComment', () => {
  it('adds a reply to the post and to a comment, with its depth, and counts them on the post', async () => {
    const post = await makePost(author);
    const res = await call('createComment', { postId: post.id, content: '  Eens! ' }, other);
    expect(res.status).toBe(200);
    const top = res.body.comment as Comment;
    expect(top).toMatchObject({
      postId: post.id,
      parentId: null,
      depth: 0,
      content: 'Eens!',
      points: 0,
      hasUpvoted: false,
      deletedAt: null,
      author: { id: other.profileId, name: other.name },
    });
    const reply = (
      await call('createComment', { postId: post.id, parentId: top.id, content: 'Waarom?' }, author)
    ).body.comment as Comment;
    const deeper = (
      await call('createComment', { postId: post.id, parentId: reply.id, content: 'Daarom.' }, other)
    ).body.comment as Comment;
    expect([reply.depth, deeper.depth]).toEqual([1, 2]);
    expect((await postView(post.id, author)).post.commentCount).toBe(3);
  });

  it('refuses a parent from another post or a deleted parent with 400 on parentId', async () => {
    const [post, elsewhere] = await Promise.all([makePost(author), makePost(author)]);
    const foreign = await makeComment(other, elsewhere.id);
    const wrong = await call('createComment', { postId: post.id, parentId: foreign, content: 'x' }, other);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error?.issues).toEqual([{ path: 'parentId', message: cm.parentNotInPost }]);
    const missing = await call(
      'createComment',
      { postId: post.id, parentId: 2_000_000_000, content: 'x' },
      other,
    );
    expect(missing.body.error?.issues?.[0]?.path).toBe('parentId');
    const gone = await makeComment(other, post.id);
    await call('deleteComment', { commentId: gone }, other);
    const onDeleted = await call('createComment', { postId: post.id, parentId: gone, content: 'x' }, author);
    expect(onDeleted.body.error?.issues).toEqual([{ path: 'parentId', message: cm.parentDeleted }]);
  });

  it('cannot comment on a deleted or missing post', async () => {
    const post = await makePost(author);
    await call('deletePost', { postId: post.id }, author);
    expect((await call('createComment', { postId: post.id, content: 'Hallo?' }, other)).status).toBe(404);
    expect((await call('createComment', { postId: 2_000_000_000, content: 'Hallo?' }, other)).status).toBe(
      404,
    );
  });
});

describe('editComment', () => {
  it('lets the author change their text, nobody else', async () => {
    const post = await makePost(author);
    const commentId = await makeComment(other, post.id, 'Eerste versie');
    expect((await call('editComment', { commentId, content: 'Gekaapt' }, author)).status).toBe(403);
    const res = await call('editComment', { commentId, content: 'Tweede versie' }, other);
    expect(res.status).toBe(200);
    expect(res.body.comment).toMatchObject({ id: commentId, content: 'Tweede versie', depth: 0 });
    expect((await postView(post.id, author)).comments[0]?.content).toBe('Tweede versie');
  });

  it('refuses a deleted comment and a comment under a deleted post with 404', async () => {
    const post = await makePost(author);
    const a = await makeComment(other, post.id);
    const b = await makeComment(other, post.id);
    await call('deleteComment', { commentId: a }, other);
    expect((await call('editComment', { commentId: a, content: 'x' }, other)).status).toBe(404);
    await call('deletePost', { postId: post.id }, author);
    expect((await call('editComment', { commentId: b, content: 'x' }, other)).status).toBe(404);
  });
});

describe('deleteComment', () => {
  it('empties the comment, keeps it as a placeholder while it has replies, and lowers the count', async () => {
    const post = await makePost(author);
    const parent = await makeComment(other, post.id, 'Ik twijfel');
    await makeComment(author, post.id, 'Waarover?', parent);
    expect((await call('deleteComment', { commentId: parent }, author)).status).toBe(403);
    expect((await call('deleteComment', { commentId: parent }, other)).body).toEqual({ ok: true });
    const view = await postView(post.id, author);
    expect(view.post.commentCount).toBe(1);
    expect(view.comments.map((c) => [c.id === parent, c.content])).toEqual([
      [true, ''],
      [false, 'Waarover?'],
    ]);
    expect(view.comments[0]?.deleteReason).toBeNull();
    expect((await call('deleteComment', { commentId: parent }, other)).status).toBe(404);
  });
});
