import type { Comment } from '@kring/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RtdbServer } from '../../../../tools/rtdb/server.ts';
import { type Member, makeComment, makePost, startRealtime, stopAll } from '../../../test/community.ts';
import { call, callRaw, createMember } from '../../../test/helpers.ts';
import { getDb } from '../../lib/db.ts';
import { communityMessages as cm } from '../shared/messages.ts';

/** getPost pages comment threads: a top-level comment with all its replies (docs/community-api.md). */

let realtime: RtdbServer;
let author: Member;
let other: Member;

beforeAll(async () => {
  realtime = await startRealtime();
  [author, other] = await Promise.all([createMember(1), createMember(1)]);
});

afterAll(() => stopAll(realtime));

type Order = 'createdAt' | 'points';

/** A thread as getPost must show it: [id, depth] of each comment, depth-first. */
type Thread = [id: number, depth: number][];

/**
 * A post with `roots` top-level comments, made one after another. Each has a reply; every fifth
 * (0, 5, 10, …) also has a reply to that reply and then a second reply to the root, so its thread
 * is root, reply, reply-to-reply, second reply. Points of root i are i % 4 (set directly: many
 * ties across page boundaries), replies have none.
 */
async function postWithThreads(roots: number) {
  const post = await makePost(author);
  const threads: Thread[] = [];
  const rootPoints: number[] = [];
  for (let i = 0; i < roots; i++) {
    const root = await makeComment(other, post.id, `Draad ${i}`);
    const reply = await makeComment(author, post.id, `Antwoord op ${i}`, root);
    const thread: Thread = [
      [root, 0],
      [reply, 1],
    ];
    if (i % 5 === 0) {
      const deeper = await makeComment(other, post.id, `Antwoord op antwoord ${i}`, reply);
      const second = await makeComment(other, post.id, `Tweede antwoord op ${i}`, root);
      thread.push([deeper, 2], [second, 1]);
    }
    threads.push(thread);
    rootPoints.push(i % 4);
  }
  const db = await getDb();
  await sql`
    UPDATE comments c SET points = v.points
    FROM unnest(${threads.map((t) => t[0]![0])}::bigint[], ${rootPoints}::int[]) AS v (id, points)
    WHERE c.id = v.id
  `.execute(db);
  /** The threads in the order getPost gives them: creation, or most points first and then creation. */
  const inOrder = (order: Order) =>
    order === 'createdAt'
      ? threads
      : threads
          .map((thread, i) => ({ thread, i }))
          .sort((a, b) => rootPoints[b.i]! - rootPoints[a.i]! || a.i - b.i)
          .map(({ thread }) => thread);
  return { post, threads, inOrder };
}

const page = async (
  postId: number,
  input: Partial<{
    order: Order;
    commentsCursor: string | null;
    commentsPageSize: number;
    focusCommentId: number | null;
  }> = {},
  viewer: Member = other,
) => {
  const res = await call('getPost', { postId, ...input }, viewer);
  expect(res.status).toBe(200);
  return res.body;
};

const shape = (comments: Comment[]) => comments.map((c): [number, number] => [c.id, c.depth]);

describe('getPost comment pages', () => {
  let big: Awaited<ReturnType<typeof postWithThreads>>;

  beforeAll(async () => {
    big = await postWithThreads(45);
  }, 120_000);

  it.each(['createdAt', 'points'] as const)(
    'pages 45 threads as 20, 20 and 5, by %s: no thread twice, none left out, each whole and in tree order',
    async (order) => {
      const expected = big.inOrder(order);
      const pages = [];
      let cursor: string | null = null;
      do {
        const body = await page(big.post.id, { order, commentsCursor: cursor });
        pages.push(body);
        cursor = body.commentsNextCursor;
      } while (cursor !== null && pages.length < 5);

      expect(pages.map((p) => p.comments.filter((c) => c.parentId === null).length)).toEqual([20, 20, 5]);
      expect(pages.map((p) => shape(p.comments))).toEqual([
        expected.slice(0, 20).flat(),
        expected.slice(20, 40).flat(),
        expected.slice(40).flat(),
      ]);
      expect(pages.at(-1)!.commentsNextCursor).toBeNull();
      // Every page carries the post, and one page as large as the post gives the same comments.
      for (const p of pages) expect(p.post.id).toBe(big.post.id);
      const all = await page(big.post.id, { order, commentsPageSize: 50 });
      expect(all.comments.map((c) => c.id)).toEqual(pages.flatMap((p) => p.comments.map((c) => c.id)));
      expect(all.commentsNextCursor).toBeNull();
    },
  );

  it('keeps a reply to a reply on page 2 with its root', async () => {
    const first = await page(big.post.id);
    const second = await page(big.post.id, { commentsCursor: first.commentsNextCursor });
    // Thread 20 (the first on page 2) has a reply to a reply.
    const [root, reply, deeper, secondReply] = big.threads[20]!;
    expect(shape(second.comments).slice(0, 4)).toEqual([root, reply, deeper, secondReply]);
    const byId = new Map(second.comments.map((c) => [c.id, c]));
    expect(byId.get(deeper![0])).toMatchObject({ parentId: reply![0], content: 'Antwoord op antwoord 20' });
    expect(first.comments.some((c) => c.id === deeper![0])).toBe(false);
  });

  it('appends the thread of a focused comment that is on a later page, and nothing when it is on this one', async () => {
    const plain = await page(big.post.id);
    const thread = big.threads[40]!; // on page 3, oldest first
    const focus = thread[2]![0]; // its third level (depth 2)
    const focused = await page(big.post.id, { focusCommentId: focus });
    expect(shape(focused.comments)).toEqual([...shape(plain.comments), ...thread]);
    expect(focused.commentsNextCursor).toBe(plain.commentsNextCursor);
    // The next page is the same as without the focus: the client drops thread 40 when page 3 brings it.
    const next = await page(big.post.id, { commentsCursor: focused.commentsNextCursor });
    expect(next.comments.map((c) => c.id)).not.toContain(focus);

    const onPage = await page(big.post.id, { focusCommentId: big.threads[3]![1]![0] });
    expect(shape(onPage.comments)).toEqual(shape(plain.comments));
  });

  it('ignores a focus id of another post or of no comment at all', async () => {
    const elsewhere = await makePost(author);
    const foreign = await makeComment(other, elsewhere.id, 'Elders');
    const plain = await page(big.post.id);
    for (const focusCommentId of [foreign, 2_000_000_000]) {
      const res = await page(big.post.id, { focusCommentId });
      expect(shape(res.comments)).toEqual(shape(plain.comments));
    }
    const res = await page(elsewhere.id, { focusCommentId: big.threads[44]![0]![0] });
    expect(shape(res.comments)).toEqual([[foreign, 0]]);
  });

  it('refuses a forged or foreign cursor with a 400 on commentsCursor', async () => {
    const first = await page(big.post.id);
    const pointsFirst = await page(big.post.id, { order: 'points' });
    const elsewhere = await postWithThreads(21);
    const foreign = (await page(elsewhere.post.id)).commentsNextCursor;
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const decoded = JSON.parse(Buffer.from(first.commentsNextCursor!, 'base64url').toString());
    const forged: [Order, string][] = [
      ['createdAt', 'niet-een-cursor'],
      ['createdAt', b64({ hello: 'world' })],
      ['createdAt', b64({ ...decoded, c: '2026-13-01T00:00:00.000000Z' })],
      ['createdAt', b64({ ...decoded, i: -1 })],
      ['createdAt', pointsFirst.commentsNextCursor!],
      ['points', first.commentsNextCursor!],
      ['points', b64({ o: 'p', n: big.post.id, p: 2 ** 31, c: decoded.c, i: 1 })],
      ['points', b64({ o: 'p', n: big.post.id, p: -(2 ** 31), c: decoded.c, i: 1 })],
      ['createdAt', foreign!],
    ];
    for (const [order, commentsCursor] of forged) {
      const res = await call('getPost', { postId: big.post.id, order, commentsCursor }, other);
      expect({ commentsCursor, status: res.status, error: res.body.error }).toMatchObject({
        commentsCursor,
        status: 400,
        error: { code: 'VALIDATION', issues: [{ path: 'commentsCursor', message: cm.cursorInvalid }] },
      });
    }
    for (const commentsPageSize of [0, 51, 1.5]) {
      const res = await callRaw('getPost', { postId: big.post.id, commentsPageSize }, other);
      expect(res.status).toBe(400);
      expect(res.body.error?.issues?.[0]?.path).toBe('commentsPageSize');
    }
  });
});

describe('getPost comments of a small post', () => {
  it('shows up to 20 threads on one page, as before paging: whole tree, no next cursor', async () => {
    const { post, inOrder } = await postWithThreads(20);
    for (const order of ['createdAt', 'points'] as const) {
      const body = await page(post.id, { order });
      expect(shape(body.comments)).toEqual(inOrder(order).flat());
      expect(body.commentsNextCursor).toBeNull();
    }
    const empty = await makePost(author);
    expect(await page(empty.id)).toMatchObject({ comments: [], commentsNextCursor: null });
  });

  it('keeps a deleted root with a live reply as a blank placeholder and does not count a fully deleted thread', async () => {
    const post = await makePost(author);
    const kept = await makeComment(other, post.id, 'Weg, maar met antwoord');
    const reply = await makeComment(author, post.id, 'Nog hier', kept);
    const gone = await makeComment(other, post.id, 'Helemaal weg');
    const goneReply = await makeComment(other, post.id, 'Ook weg', gone);
    const last = await makeComment(author, post.id, 'Laatste');
    for (const commentId of [kept, goneReply, gone]) {
      expect((await call('deleteComment', { commentId }, other)).status).toBe(200);
    }
    // Two threads per page: the fully deleted one takes no place, so both visible threads fit.
    const body = await page(post.id, { commentsPageSize: 2 });
    expect(shape(body.comments)).toEqual([
      [kept, 0],
      [reply, 1],
      [last, 0],
    ]);
    expect(body.comments[0]).toMatchObject({ content: '', deleteReason: null });
    expect(body.comments[0]!.deletedAt).not.toBeNull();
    expect(body.commentsNextCursor).toBeNull();

    // A focused thread follows the same rules: the placeholder keeps no text.
    const first = await page(post.id, { commentsPageSize: 1 });
    expect(shape(first.comments)).toEqual([
      [kept, 0],
      [reply, 1],
    ]);
    const focused = await page(post.id, { commentsPageSize: 1, order: 'createdAt', focusCommentId: last });
    expect(shape(focused.comments)).toEqual([
      [kept, 0],
      [reply, 1],
      [last, 0],
    ]);
    const second = await page(post.id, { commentsPageSize: 1, commentsCursor: first.commentsNextCursor });
    expect(shape(second.comments)).toEqual([[last, 0]]);
    expect(second.commentsNextCursor).toBeNull();
    // Focusing on a deleted comment that is not shown adds nothing.
    const onGone = await page(post.id, { commentsPageSize: 1, focusCommentId: goneReply });
    expect(shape(onGone.comments)).toEqual(shape(first.comments));
  });

  it('pages exactly 20 threads as one page and 21 as two', async () => {
    const { post, threads } = await postWithThreads(21);
    const first = await page(post.id);
    expect(shape(first.comments)).toEqual(threads.slice(0, 20).flat());
    const second = await page(post.id, { commentsCursor: first.commentsNextCursor });
    expect(shape(second.comments)).toEqual(threads[20]);
    expect(second.commentsNextCursor).toBeNull();
  });
});

describe('comments.root_id', () => {
  it('names the top-level comment of the thread, also for a reply capped at the deepest level', async () => {
    const post = await makePost(author);
    const chain: number[] = [];
    for (let depth = 0; depth <= 8; depth++) {
      chain.push(
        await makeComment(depth % 2 ? author : other, post.id, `Niveau ${depth}`, chain.at(-1) ?? null),
      );
    }
    const db = await getDb();
    const rows = await db
      .selectFrom('comments')
      .select(['id', 'root_id', 'parent_id'])
      .where('post_id', '=', post.id)
      .execute();
    expect(rows).toHaveLength(9);
    for (const row of rows) expect(row.root_id).toBe(chain[0]);
    // The ninth one answered the depth-7 comment and was stored next to it.
    expect(rows.find((r) => r.id === chain[8])?.parent_id).toBe(chain[6]);
  });
});
