import { type Comment, limits } from '@kring/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RtdbServer } from '../../../../tools/rtdb/server.ts';
import { type Member, makeComment, makePost, startRealtime, stopAll } from '../../../test/community.ts';
import { call, createMember } from '../../../test/helpers.ts';
import { getDb } from '../../lib/db.ts';
import { communityMessages as cm } from '../shared/messages.ts';

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
  return { post: res.body.post, comments: res.body.comments };
};

describe('createComment', () => {
  it('adds a reply to the post and to a comment, with its depth, and counts them on the post', async () => {
    const post = await makePost(author);
    const res = await call('createComment', { postId: post.id, content: '  Eens! ' }, other);
    expect(res.status).toBe(200);
    const top = res.body.comment;
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
    ).body.comment;
    const deeper = (
      await call('createComment', { postId: post.id, parentId: reply.id, content: 'Daarom.' }, other)
    ).body.comment;
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

describe('comment depth', () => {
  /** A chain of replies below a new post, one level each, written straight into the table. */
  async function insertChain(levels: number) {
    const post = await makePost(author);
    const { rows } = await sql<{ id: number; parent_id: number | null }>`
      WITH ids AS (
        SELECT nextval(pg_get_serial_sequence('comments', 'id')) AS id, g AS level
        FROM generate_series(1, ${levels}) g
      )
      INSERT INTO comments (id, post_id, parent_id, author_id, content)
      SELECT id, ${post.id}, lag(id) OVER (ORDER BY level), ${other.profileId}, 'Niveau ' || level FROM ids
      RETURNING id, parent_id
    `.execute(await getDb());
    const childOf = new Map(rows.map((r) => [r.parent_id, r.id]));
    const ids: number[] = [];
    for (let next = childOf.get(null); next !== undefined; next = childOf.get(next)) ids.push(next);
    return { post, ids };
  }

  it('stops nesting at the cap: a reply to the deepest comment lands next to it and notifies its author', async () => {
    const post = await makePost(author);
    const chain: Comment[] = [];
    for (let depth = 0; depth <= limits.commentDepthMax; depth++) {
      const res = await call(
        'createComment',
        { postId: post.id, parentId: chain.at(-1)?.id ?? null, content: `Diepte ${depth}` },
        depth % 2 === 0 ? other : author,
      );
      chain.push(res.body.comment);
    }
    expect(chain.map((c) => c.depth)).toEqual([...Array(limits.commentDepthMax + 1).keys()]);
    const deepest = chain.at(-1)!;
    const replier = await createMember(1);

    const res = await call(
      'createComment',
      { postId: post.id, parentId: deepest.id, content: 'Nog dieper?' },
      replier,
    );
    expect(res.status).toBe(200);
    const reply = res.body.comment;
    expect(reply).toMatchObject({ depth: limits.commentDepthMax, parentId: chain.at(-2)!.id });

    const view = await postView(post.id, author);
    expect(view.comments.map((c) => [c.id, c.depth])).toEqual([
      ...chain.map((c) => [c.id, c.depth]),
      [reply.id, limits.commentDepthMax],
    ]);
    expect(view.post.commentCount).toBe(chain.length + 1);
    const deepestAuthor = deepest.author.id === other.profileId ? other : author;
    const { notifications } = (await call('listUserNotifications', {}, deepestAuthor)).body;
    expect(notifications.map((n) => n.actionPayload)).toContainEqual({
      type: 'REPLY_COMMENT',
      replyAuthorId: replier.profileId,
      postId: post.id,
      commentId: deepest.id,
      replyCommentId: reply.id,
    });
  });

  it('still shows a post with a 3,000-level chain made before the cap, quickly, and caps a reply to its end', async () => {
    const { post, ids } = await insertChain(3000);
    const started = performance.now();
    const res = await call('getPost', { postId: post.id }, author);
    const elapsed = performance.now() - started;
    expect(res.status).toBe(200);
    const comments = res.body.comments;
    expect(comments).toHaveLength(3000);
    expect(comments.at(-1)).toMatchObject({ id: ids.at(-1), depth: 2999, content: 'Niveau 3000' });
    expect(elapsed).toBeLessThan(5_000);

    const reply = await call(
      'createComment',
      { postId: post.id, parentId: ids.at(-1), content: 'Eind' },
      author,
    );
    expect(reply.status).toBe(200);
    expect(reply.body.comment).toMatchObject({
      depth: limits.commentDepthMax,
      parentId: ids[limits.commentDepthMax - 1],
    });
    expect((await call('getPost', { postId: post.id, order: 'points' }, other)).status).toBe(200);
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
