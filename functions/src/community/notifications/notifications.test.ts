import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RtdbServer } from '../../../../tools/rtdb/server.ts';
import { type Member, makeComment, makePost, startRealtime, stopAll } from '../../../test/community.ts';
import { call, createMember } from '../../../test/helpers.ts';
import { adminDatabase } from '../../lib/firebase.ts';
import { realtimePaths } from '../../lib/realtime.ts';

let realtime: RtdbServer;

beforeAll(async () => {
  realtime = await startRealtime();
});

afterAll(() => stopAll(realtime));

const inbox = async (member: Member) => {
  const res = await call('listUserNotifications', {}, member);
  expect(res.status).toBe(200);
  return res.body;
};
const forPost = async (member: Member, postId: number) =>
  (await inbox(member)).notifications.filter((n) => n.actionPayload.postId === postId);
const realtimeUnread = async (member: Member) =>
  (
    (await adminDatabase().ref(realtimePaths.notifications(member.uid)).get()).val() as {
      unreadCount: number;
    } | null
  )?.unreadCount;

describe('reply notifications', () => {
  it('aggregate replies to a post per post: counts, unique users, latest reply and its author', async () => {
    const [author, anna, bert] = await Promise.all([createMember(1), createMember(1), createMember(1)]);
    const post = await makePost(author, { title: 'Wie komt er?' });
    await makeComment(anna, post.id, 'Ik');
    await makeComment(anna, post.id, 'En mijn zus');
    const last = await makeComment(bert, post.id, 'Ik ook');
    await makeComment(author, post.id, 'Fijn!');

    const [n] = await forPost(author, post.id);
    expect(await forPost(author, post.id)).toHaveLength(1);
    expect(n).toMatchObject({
      actionPayload: {
        type: 'REPLY_POST',
        replyAuthorId: bert.profileId,
        postId: post.id,
        replyCommentId: last,
      },
      commentCount: 3,
      voteCount: 0,
      uniqueUsers: 2,
      latestUser: { id: bert.profileId, name: bert.name },
      postTitle: 'Wie komt er?',
      readAt: null,
    });
    expect((await inbox(author)).unreadCount).toBe(1);
    expect(await realtimeUnread(author)).toBe(1);
    // The author's own reply told nobody anything.
    expect(await forPost(anna, post.id)).toEqual([]);
  });

  it('tell the author of a comment about replies to it, not the post author', async () => {
    const [author, commenter, replier] = await Promise.all([
      createMember(1),
      createMember(1),
      createMember(1),
    ]);
    const post = await makePost(author);
    const commentId = await makeComment(commenter, post.id, 'Vraagje');
    const reply = await makeComment(replier, post.id, 'Antwoord', commentId);
    const [n] = await forPost(commenter, post.id);
    expect(n?.actionPayload).toEqual({
      type: 'REPLY_COMMENT',
      replyAuthorId: replier.profileId,
      postId: post.id,
      commentId,
      replyCommentId: reply,
    });
    expect((await forPost(author, post.id)).map((x) => x.actionPayload.type)).toEqual(['REPLY_POST']);
  });
});

describe('upvote notifications', () => {
  it('count voters, name the latest, and shrink on undo until the notification disappears', async () => {
    const [author, anna, bert] = await Promise.all([createMember(1), createMember(1), createMember(1)]);
    const post = await makePost(author);
    await call('upvotePost', { postId: post.id }, anna);
    await call('upvotePost', { postId: post.id }, bert);
    let [n] = await forPost(author, post.id);
    expect(n).toMatchObject({
      actionPayload: { type: 'UPVOTE_POST', votingUserId: bert.profileId, postId: post.id },
      voteCount: 2,
      uniqueUsers: 2,
      latestUser: { id: bert.profileId },
    });
    await call('undoUpvotePost', { postId: post.id }, bert);
    [n] = await forPost(author, post.id);
    expect(n).toMatchObject({ voteCount: 1, uniqueUsers: 1, latestUser: { id: anna.profileId } });
    expect(n?.actionPayload).toMatchObject({ votingUserId: anna.profileId });
    expect(await realtimeUnread(author)).toBe(1);
    await call('undoUpvotePost', { postId: post.id }, anna);
    expect(await forPost(author, post.id)).toEqual([]);
    expect((await inbox(author)).unreadCount).toBe(0);
    expect(await realtimeUnread(author)).toBe(0);
  });

  it('aggregate upvotes of a comment for its author', async () => {
    const [author, commenter, anna, bert] = await Promise.all([1, 2, 3, 4].map(() => createMember(1)));
    const post = await makePost(author!);
    const commentId = await makeComment(commenter!, post.id);
    await call('upvoteComment', { commentId }, anna);
    await call('upvoteComment', { commentId }, bert);
    await call('upvoteComment', { commentId }, commenter);
    const [n] = await forPost(commenter!, post.id);
    expect(n).toMatchObject({
      actionPayload: { type: 'UPVOTE_COMMENT', votingUserId: bert!.profileId, postId: post.id, commentId },
      voteCount: 2,
      uniqueUsers: 2,
    });
    await call('undoUpvoteComment', { commentId }, anna);
    expect((await forPost(commenter!, post.id))[0]).toMatchObject({ voteCount: 1, uniqueUsers: 1 });
  });

  it('say nothing about your own votes and replies', async () => {
    const author = await createMember(1);
    const post = await makePost(author);
    await call('upvotePost', { postId: post.id }, author);
    const commentId = await makeComment(author, post.id);
    await call('upvoteComment', { commentId }, author);
    await makeComment(author, post.id, 'Mezelf antwoorden', commentId);
    expect(await inbox(author)).toEqual({ notifications: [], unreadCount: 0, nextCursor: null });
  });
});

describe('reading notifications', () => {
  it('marks all or some read, and a new action makes a read notification unread and first again', async () => {
    const [author, fan] = await Promise.all([createMember(1), createMember(1)]);
    const [p1, p2, p3] = await Promise.all([makePost(author), makePost(author), makePost(author)]);
    for (const post of [p1, p2, p3]) await makeComment(fan, post.id);
    expect((await inbox(author)).unreadCount).toBe(3);
    expect(await realtimeUnread(author)).toBe(3);

    const ids = (await inbox(author)).notifications.map((n) => n.id);
    const some = await call('markNotificationsRead', { ids: [ids[0]!] }, author);
    expect(some.body).toEqual({ unreadCount: 2 });
    expect(await realtimeUnread(author)).toBe(2);
    expect((await call('markNotificationsRead', {}, author)).body).toEqual({ unreadCount: 0 });
    expect(await realtimeUnread(author)).toBe(0);
    expect((await inbox(author)).notifications.every((n) => n.readAt !== null)).toBe(true);

    await makeComment(fan, p1.id, 'Nog iets');
    const after = await inbox(author);
    expect(after.unreadCount).toBe(1);
    expect(after.notifications[0]).toMatchObject({
      actionPayload: { postId: p1.id },
      readAt: null,
      commentCount: 2,
    });
    expect(await realtimeUnread(author)).toBe(1);
  });

  it("ignores ids of someone else's notifications", async () => {
    const [author, fan, stranger] = await Promise.all([createMember(1), createMember(1), createMember(1)]);
    const post = await makePost(author);
    await makeComment(fan, post.id);
    const [n] = await forPost(author, post.id);
    expect((await call('markNotificationsRead', { ids: [n!.id] }, stranger)).body).toEqual({
      unreadCount: 0,
    });
    expect((await inbox(author)).unreadCount).toBe(1);
  });

  it('lists the 50 most recent and counts every unread one', async () => {
    const [author, fan] = await Promise.all([createMember(1), createMember(1)]);
    const posts = [];
    for (let i = 0; i < 52; i++) posts.push(await makePost(author, { title: `Bericht ${i}` }));
    for (const post of posts) await makeComment(fan, post.id);
    const { notifications, unreadCount } = await inbox(author);
    expect(unreadCount).toBe(52);
    expect(notifications).toHaveLength(50);
    expect(notifications[0]?.postTitle).toBe('Bericht 51');
    expect(notifications.at(-1)?.postTitle).toBe('Bericht 2');
  });

  it('pages through all of them with pageSize and nextCursor (the page with all notifications), none twice', async () => {
    const [author, fan] = await Promise.all([createMember(1), createMember(1)]);
    for (let i = 0; i < 5; i++) await makeComment(fan, (await makePost(author, { title: `Pagina ${i}` })).id);
    const titles: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await call('listUserNotifications', { pageSize: 2, cursor }, author);
      expect(res.status).toBe(200);
      const body: { notifications: { postTitle: string }[]; unreadCount: number; nextCursor: string | null } =
        res.body;
      titles.push(...body.notifications.map((n) => n.postTitle));
      expect(body.unreadCount).toBe(5);
      cursor = body.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(titles).toEqual(['Pagina 4', 'Pagina 3', 'Pagina 2', 'Pagina 1', 'Pagina 0']);
    expect((await inbox(author)).nextCursor).toBeNull();
  });

  it('refuses a broken cursor or page size with VALIDATION on its field', async () => {
    const member = await createMember(1);
    const bad = await call('listUserNotifications', { cursor: 'bm9wZQ', pageSize: 2 }, member);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('cursor');
    // Forged but well-formed cursors: the extremes Postgres must take (a page), a number past any id (400).
    const forged = (key: unknown) => Buffer.from(JSON.stringify(key)).toString('base64url');
    const far = await call(
      'listUserNotifications',
      {
        cursor: forged({ updatedAt: '9999-12-31T23:59:59.999999Z', id: Number.MAX_SAFE_INTEGER }),
        pageSize: 2,
      },
      member,
    );
    expect(far.status).toBe(200);
    expect(far.body.nextCursor).toBeNull();
    for (const key of [
      { updatedAt: '2026-02-30T00:00:00.000000Z', id: 1 },
      { updatedAt: '2026-01-01T00:00:00.000000Z', id: 1e300 },
      { updatedAt: '2026-01-01T00:00:00.000000Z', id: -1 },
      { updatedAt: '2026-01-01T00:00:00Z', id: 1 },
    ]) {
      const res = await call('listUserNotifications', { cursor: forged(key), pageSize: 2 }, member);
      expect(res.status, JSON.stringify(key)).toBe(400);
    }
    const big = await call('listUserNotifications', { pageSize: 500 }, member);
    expect(big.status).toBe(400);
    expect(JSON.stringify(big.body)).toContain('pageSize');
  });
});

describe('notifications about a deleted post', () => {
  it("blank the post's title for everyone but its author once a moderator removes it", async () => {
    const [author, anna, bert, moderator] = await Promise.all([
      createMember(1),
      createMember(1),
      createMember(1),
      createMember(2),
    ]);
    const post = await makePost(author, { title: 'Een beledigende titel' });
    const annaComment = await makeComment(anna, post.id, 'Dit klopt niet');
    await makeComment(bert, post.id, 'Jawel', annaComment);
    expect((await forPost(anna, post.id))[0]?.postTitle).toBe('Een beledigende titel');

    const removed = await call('deletePostModerator', { postId: post.id, reason: 'Beledigend' }, moderator);
    expect(removed.status).toBe(200);
    // Anna still has her notification (and its unread count), but no longer sees the title.
    const [annas] = await forPost(anna, post.id);
    expect(annas?.actionPayload.type).toBe('REPLY_COMMENT');
    expect(annas?.postTitle).toBe('');
    // The author still sees their own post, title included (getPost shows it to them too).
    const authors = await forPost(author, post.id);
    expect(authors.length).toBeGreaterThan(0);
    expect(authors.every((n) => n.postTitle === 'Een beledigende titel')).toBe(true);
  });
});
