import type { Comment } from '@kring/contract';
import { type SqlBool, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RtdbServer } from '../../../../tools/rtdb/server.ts';
import {
  type Member,
  makeComment,
  makePost,
  makeTopic,
  startRealtime,
  startSmtpCatcher,
  stopAll,
} from '../../../test/community.ts';
import { call, createMember, withVerifiedEmail } from '../../../test/helpers.ts';
import { type Conn, getDb } from '../../lib/db.ts';

let realtime: RtdbServer;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let author: Member;
let other: Member;
let moderator: Member;
let admin: Member;

beforeAll(async () => {
  realtime = await startRealtime();
  smtp = await startSmtpCatcher();
  // The author's address is verified: removal mails go only to verified addresses (issue 21).
  [author, other, moderator, admin] = await Promise.all([
    createMember(1).then(withVerifiedEmail),
    createMember(1),
    createMember(2),
    createMember(3),
  ]);
});

afterAll(async () => {
  await smtp.close();
  await stopAll(realtime);
});

/** The log for a post (and its comments), oldest first (admin_log since 0022: one log). */
async function logForPost(conn: Conn, postId: number) {
  const rows = await conn
    .selectFrom('admin_log')
    .selectAll()
    .where(sql<SqlBool>`(details->>'postId')::bigint = ${postId}`)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    moderatorUid: r.actor_uid,
    action: r.action,
    postId: (r.details.postId as number | undefined) ?? null,
    commentId: (r.details.commentId as number | undefined) ?? null,
    reason: r.reason,
    createdAt: r.created_at,
  }));
}

const log = async (postId: number) => logForPost(await getDb(), postId);
const getPost = async (postId: number, viewer: Member) => {
  const res = await call('getPost', { postId }, viewer);
  return { status: res.status, post: res.body.post, comments: res.body.comments };
};

describe('pinPostModerator and unpinPostModerator', () => {
  it('pin and unpin a post, one log row per change, none for a repeat', async () => {
    const topic = await makeTopic();
    const post = await makePost(author, { topics: [topic.id] });
    const pinned = await call('pinPostModerator', { postId: post.id }, moderator);
    expect(pinned.status).toBe(200);
    expect(pinned.body.post.pinnedAt).not.toBeNull();
    expect((await call('pinPostModerator', { postId: post.id }, admin)).status).toBe(200);
    const timeline = (await call('listPosts', { topicId: topic.id }, other)).body.items;
    expect(timeline[0]?.id).toBe(post.id);

    const unpinned = await call('unpinPostModerator', { postId: post.id }, admin);
    expect(unpinned.body.post.pinnedAt).toBeNull();
    expect((await call('unpinPostModerator', { postId: post.id }, moderator)).status).toBe(200);
    const rows = await log(post.id);
    expect(rows.map((r) => [r.action, r.moderatorUid, r.reason])).toEqual([
      ['PIN_POST', moderator.uid, null],
      ['UNPIN_POST', admin.uid, null],
    ]);
    expect(rows[0]!.createdAt).toBeInstanceOf(Date);
  });

  it('answer 404 for a deleted or missing post', async () => {
    const post = await makePost(author);
    await call('deletePost', { postId: post.id }, author);
    expect((await call('pinPostModerator', { postId: post.id }, moderator)).status).toBe(404);
    expect((await call('unpinPostModerator', { postId: 2_000_000_000 }, moderator)).status).toBe(404);
  });
});

describe('deletePostModerator', () => {
  it('removes the post, logs who, what, when and why, and mails the author the reason in Dutch', async () => {
    const post = await makePost(author, { title: 'Koop mijn fiets', content: 'Spam spam spam' });
    const res = await call(
      'deletePostModerator',
      { postId: post.id, reason: 'Reclame is niet toegestaan' },
      moderator,
    );
    expect(res.body).toEqual({ ok: true });

    expect((await getPost(post.id, other)).status).toBe(404);
    const ownView = await getPost(post.id, author);
    expect(ownView.post).toMatchObject({ content: '', deleteReason: 'Reclame is niet toegestaan' });
    expect((await getPost(post.id, admin)).post.deleteReason).toBe('Reclame is niet toegestaan');

    const rows = await log(post.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'DELETE_POST',
      moderatorUid: moderator.uid,
      postId: post.id,
      commentId: null,
      reason: 'Reclame is niet toegestaan',
    });

    const mail = await smtp.mailTo(author.email);
    expect(mail?.subject).toBe('Je bericht is verwijderd');
    expect(mail?.text).toContain(`Hallo ${author.name},`);
    expect(mail?.text).toContain('Een moderator heeft je bericht "Koop mijn fiets" verwijderd.');
    expect(mail?.text).toContain('Reden: Reclame is niet toegestaan');
    expect(mail?.html).toContain('Reclame is niet toegestaan');

    expect(
      (await call('deletePostModerator', { postId: post.id, reason: 'Nog eens' }, moderator)).status,
    ).toBe(404);
    expect(await log(post.id)).toHaveLength(1);
  });

  it('still removes the post when the mail cannot be sent', async () => {
    const post = await makePost(other);
    const port = process.env.SMTP_PORT;
    process.env.SMTP_PORT = '9';
    const res = await call('deletePostModerator', { postId: post.id, reason: 'Off-topic' }, admin);
    process.env.SMTP_PORT = port;
    expect(res.status).toBe(200);
    expect((await getPost(post.id, other)).post.deletedAt).not.toBeNull();
    expect((await log(post.id)).map((r) => r.action)).toEqual(['DELETE_POST']);
  });
});

describe('deleteCommentModerator', () => {
  it('empties the comment, shows the reason only to its author and moderators, logs and mails', async () => {
    const writer = await withVerifiedEmail(await createMember(1));
    const post = await makePost(author, { title: 'Over de buurt' });
    const commentId = await makeComment(writer, post.id, 'Iets onaardigs <b>vet</b>');
    await makeComment(other, post.id, 'Niet zo aardig', commentId);
    const reason = 'Blijf vriendelijk & respectvol';
    expect((await call('deleteCommentModerator', { commentId, reason }, moderator)).body).toEqual({
      ok: true,
    });

    const find = (view: { comments: Comment[] }) => view.comments.find((c) => c.id === commentId);
    expect(find(await getPost(post.id, other))).toMatchObject({ content: '', deleteReason: null });
    expect(find(await getPost(post.id, writer))).toMatchObject({ content: '', deleteReason: reason });
    expect(find(await getPost(post.id, moderator))?.deleteReason).toBe(reason);
    expect((await getPost(post.id, author)).post.commentCount).toBe(1);

    expect((await log(post.id)).map((r) => [r.action, r.commentId, r.reason, r.moderatorUid])).toEqual([
      ['DELETE_COMMENT', commentId, reason, moderator.uid],
    ]);
    const mail = await smtp.mailTo(writer.email);
    expect(mail?.subject).toBe('Je reactie is verwijderd');
    expect(mail?.text).toContain(
      'Een moderator heeft je reactie bij het bericht "Over de buurt" verwijderd.',
    );
    expect(mail?.text).toContain('Je schreef: "Iets onaardigs <b>vet</b>"');
    expect(mail?.text).toContain(`Reden: ${reason}`);
    expect(mail?.html).toContain('&lt;b&gt;vet&lt;/b&gt;');
    expect(mail?.html).toContain('respectvol');

    expect((await call('deleteCommentModerator', { commentId, reason }, admin)).status).toBe(404);
  });

  it('needs a reason of at least 3 characters', async () => {
    const post = await makePost(author);
    const commentId = await makeComment(other, post.id);
    const res = await call('deleteCommentModerator', { commentId, reason: ' x ' }, moderator);
    expect(res.status).toBe(400);
    expect(res.body.error?.issues?.[0]?.path).toBe('reason');
  });
});
