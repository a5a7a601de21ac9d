import { personalDetails } from '@kring/contract';
import { describe, expect, it } from 'vitest';
import { mailable, mailTestFile, makeComment, makePost, settle } from '../../test/community.ts';
import { call, createMember } from '../../test/helpers.ts';
import { saveMembershipDetails, writeLifecycle } from '../accounts/memberships.repo.ts';
import { setRole } from '../accounts/roles.ts';
import { handleApiRequest } from '../http/router.ts';
import { getDb } from '../lib/db.ts';
import { periodKeyOf, sendNotificationMails } from './notification-mails.ts';

const { smtp, mailsTo } = mailTestFile();

const someDetails = {
  firstName: 'Sanne',
  lastName: 'de Boer',
  birthdate: '1988-04-12',
  phoneNumber: '06 12345678',
  streetName: 'Lange Voorhout',
  houseNumber: '12',
  postalCode: '2514 EE',
  city: 'Den Haag',
};

// Each test runs in its own day far ahead, so the 15-minute periods of one test are not another's.
let day = 0;
const newDay = () => {
  const start = Date.UTC(2031, 0, 1) + day++ * 86_400_000;
  return (minutes: number) => new Date(start + minutes * 60_000);
};
/**
 * Runs as the deployed job does: with FUNCTION_TARGET set, config.ts refuses any secret the job does
 * not bind (functionSecrets in lib/secrets.ts), so a binding dropped there fails these tests (the
 * rehearsal runs the job on an empty database, where no mail is written).
 */
const run = async (at: Date) => {
  process.env.FUNCTION_TARGET = 'mailNotificationsJob';
  try {
    return await sendNotificationMails(await getDb(), at);
  } finally {
    delete process.env.FUNCTION_TARGET;
  }
};

describe('notification mail', () => {
  it('groups the unread replies in one mail, worded as the bell, with links to the post and comment', async () => {
    const at = newDay();
    const [author, anna, bert, carl, dirk] = await Promise.all([
      mailable(1),
      mailable(1),
      mailable(1),
      mailable(1),
      mailable(1),
    ]);
    const post = await makePost(author, { title: 'Wie komt er <zaterdag>?' });
    await makeComment(anna, post.id, 'Ik');
    await makeComment(bert, post.id, 'Ik ook');
    const lastReply = await makeComment(carl, post.id, 'En ik');
    const other = await makePost(anna, { title: 'Boekentip' });
    const ownComment = await makeComment(author, other.id, 'Mooi boek');
    const replyToComment = await makeComment(dirk, other.id, 'Zeker!', ownComment);

    await run(at(1));
    const mail = await smtp().mailTo(author.email);
    expect(mail).toBeDefined();
    expect(mailsTo(author)).toHaveLength(1);
    expect(mail!.subject).toBe('2 nieuwe notificaties op Kring');
    for (const part of [mail!.text, mail!.html]) {
      expect(part).toContain(`${carl.name} en 2 anderen hebben gereageerd op je bericht.`);
      expect(part).toContain(`${dirk.name} heeft gereageerd op je reactie.`);
      expect(part).toContain(`/community/bericht/${post.id}?showComment=${lastReply}`);
      expect(part).toContain(`/community/bericht/${other.id}?showComment=${replyToComment}`);
      expect(part).toContain('Afmelden');
      expect(part).toContain('/afmelden?token=');
    }
    expect(mail!.text).toContain(`Hallo ${author.name},`);
    // The title is escaped in HTML, not dropped; no images, so no tracking pixel.
    expect(mail!.html).toContain('Wie komt er &lt;zaterdag&gt;?');
    expect(mail!.html).not.toMatch(/<img/i);
    expect(mail!.html).toContain('#1f3a5f');
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.headers['list-unsubscribe']).toMatch(/^<http.*\/web\/community\/unsubscribeMail\?token=/);
    // The repliers themselves had nothing unread of their own to be mailed about.
    expect(mailsTo(bert)).toHaveLength(0);
  });

  it('lists the newest ten and counts the rest, with a link to the site', async () => {
    const at = newDay();
    const author = await mailable(1);
    const repliers = await Promise.all(Array.from({ length: 12 }, () => mailable(1)));
    const posts = [];
    for (let i = 0; i < 12; i++) posts.push(await makePost(author, { title: `Vraag ${i + 1}` }));
    for (let i = 0; i < 12; i++) await makeComment(repliers[i]!, posts[i]!.id);
    await run(at(1));
    const mail = await smtp().mailTo(author.email);
    expect(mail?.subject).toBe('12 nieuwe notificaties op Kring');
    expect(mail!.text.match(/Bekijk op Kring:/g)).toHaveLength(10);
    // Newest first: the last two replies' posts are in, the first two are counted.
    expect(mail!.text).toContain('Vraag 12');
    expect(mail!.text).not.toContain('Vraag 2\n');
    expect(mail!.text).toContain('En nog 2 notificaties');
    expect(mail!.html).toContain('/community/tijdlijn');
  });

  it('sends nothing to an address that was never verified', async () => {
    const at = newDay();
    const [unverified, replier, verified] = await Promise.all([createMember(1), mailable(1), mailable(1)]);
    await makeComment(replier, (await makePost(unverified)).id);
    await makeComment(replier, (await makePost(verified)).id);
    await run(at(1));
    expect(await smtp().mailTo(verified.email)).toBeDefined();
    await settle();
    expect(mailsTo(unverified)).toHaveLength(0);
  });

  it('sends nothing for notifications already read in the app', async () => {
    const at = newDay();
    const [author, replier] = await Promise.all([mailable(1), mailable(1)]);
    const post = await makePost(author);
    await makeComment(replier, post.id);
    expect((await call('markNotificationsRead', {}, author)).status).toBe(200);
    await run(at(1));
    await settle();
    expect(mailsTo(author)).toHaveLength(0);
  });

  it('sends at most one mail per 15 minutes, never the same notification twice, and the next one later', async () => {
    const at = newDay();
    const [author, replier, second] = await Promise.all([mailable(1), mailable(1), mailable(1)]);
    const post = await makePost(author, { title: 'Eerste' });
    await makeComment(replier, post.id);
    await run(at(1));
    expect(await smtp().mailTo(author.email)).toBeDefined();

    // Same run again, and a new reply within the same period: nothing more.
    await run(at(2));
    const later = await makePost(author, { title: 'Tweede' });
    await makeComment(second, later.id, 'Nieuw');
    await run(at(14));
    await settle();
    expect(mailsTo(author)).toHaveLength(1);

    // The next period: one mail with only the new reply.
    await run(at(16));
    await run(at(17));
    await settle();
    const mails = mailsTo(author);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe(`${second.name} heeft gereageerd op je bericht.`);
    expect(mails[1]!.text).toContain('Tweede');
    expect(mails[1]!.text).not.toContain('Eerste');

    const db = await getDb();
    const sends = await db
      .selectFrom('mail_sends')
      .select(['period_key', 'sent_at', 'notification_count'])
      .where('profile_id', '=', author.profileId)
      .orderBy('period_key')
      .execute();
    expect(sends.map((s) => [s.period_key, s.notification_count])).toEqual([
      [periodKeyOf(at(1)), 1],
      [periodKeyOf(at(16)), 1],
    ]);
    expect(sends.every((s) => s.sent_at !== null)).toBe(true);
  });

  it('gives the notifications back when the mail server refuses the mail, and sends them on the next run', async () => {
    const at = newDay();
    const [author, replier] = await Promise.all([mailable(1), mailable(1)]);
    await makeComment(replier, (await makePost(author, { title: 'Geweigerd' })).id);
    smtp().refused.add(author.email);
    try {
      expect(await run(at(1))).toEqual({ sent: 0 });
    } finally {
      smtp().refused.delete(author.email);
    }
    // The claim and the notification were given back: the same period tries again.
    expect(await run(at(2))).toEqual({ sent: 1 });
    expect((await smtp().mailTo(author.email))?.text).toContain('Geweigerd');
    const db = await getDb();
    const sends = await db
      .selectFrom('mail_sends')
      .select(['kind', 'period_key', 'notification_count', 'sent_at'])
      .where('profile_id', '=', author.profileId)
      .execute();
    expect(sends).toEqual([
      {
        kind: 'notifications',
        period_key: periodKeyOf(at(1)),
        notification_count: 1,
        sent_at: expect.any(Date),
      },
    ]);
  });

  it('two runs at once send one mail', async () => {
    const at = newDay();
    const [author, replier] = await Promise.all([mailable(1), mailable(1)]);
    await makeComment(replier, (await makePost(author)).id);
    await Promise.all([run(at(1)), run(at(1)), run(at(2))]);
    await smtp().mailTo(author.email);
    await settle();
    expect(mailsTo(author)).toHaveLength(1);
  });

  it('follows the preferences: replies off means no mail, upvotes only when asked for', async () => {
    const at = newDay();
    const [quiet, voter, keen] = await Promise.all([mailable(1), mailable(1), mailable(1)]);
    expect(await call('getMailPreferences', {}, quiet)).toMatchObject({
      status: 200,
      body: { replies: true, upvotes: false, digest: true },
    });
    const off = await call('updateMailPreferences', { replies: false, upvotes: false, digest: true }, quiet);
    expect(off.body).toEqual({ replies: false, upvotes: false, digest: true, chat: true, mentions: true });
    await makeComment(voter, (await makePost(quiet)).id);

    // An upvote alone is no mail by default...
    const keenPost = await makePost(keen, { title: 'Stemmen' });
    expect((await call('upvotePost', { postId: keenPost.id }, voter)).status).toBe(200);
    await run(at(1));
    await settle();
    expect(mailsTo(quiet)).toHaveLength(0);
    expect(mailsTo(keen)).toHaveLength(0);

    // ...and is one once the member asks for upvotes by mail.
    await call('updateMailPreferences', { replies: true, upvotes: true, digest: false }, keen);
    await run(at(20));
    const mail = await smtp().mailTo(keen.email);
    expect(mail?.subject).toBe(`${voter.name} vindt je bericht leuk`);
    expect(mail?.text).toContain('Afmelden');
    expect(decodeURIComponent(mail!.headers['list-unsubscribe']!)).toContain(`${keen.profileId}.upvotes.`);
  });

  it('mails only members whose membership is active: not after expiry, nor once a canceled one ended', async () => {
    const at = newDay();
    const [expired, ended, active, canceled, replier] = await Promise.all([
      mailable(1),
      mailable(1),
      mailable(1),
      mailable(1),
      mailable(1),
    ]);
    // Their posts get replies while they are members; then their memberships change.
    for (const member of [expired, ended, active, canceled])
      await makeComment(replier, (await makePost(member)).id);
    const db = await getDb();
    const lifecycle = (status: 'active' | 'canceled', expiresAt: Date) => ({
      status,
      subscribedAt: new Date('2026-01-01'),
      renewedAt: null,
      canceledAt: status === 'canceled' ? new Date('2026-02-01') : null,
      expiresAt,
      expiredAt: null,
      graceUntil: null,
    });
    for (const [member, status, expiresAt] of [
      [ended, 'canceled', new Date(Date.now() - 60_000)],
      [active, 'active', new Date(Date.UTC(2040, 0, 1))],
      // Canceled, but paid until after the run's (future) time.
      [canceled, 'canceled', new Date(Date.UTC(2040, 0, 1))],
    ] as const) {
      await saveMembershipDetails(db, member.uid, personalDetails.parse(someDetails));
      await db
        .transaction()
        .execute((tx) => writeLifecycle(tx, member.uid, lifecycle(status, expiresAt), false));
    }
    // Expiry lowers the stored role; a canceled membership past its end may not have been expired yet.
    await setRole(db, expired.uid, 0);

    await run(at(1));
    expect(await smtp().mailTo(active.email)).toBeDefined();
    expect(await smtp().mailTo(canceled.email)).toBeDefined();
    await settle();
    expect(mailsTo(expired)).toHaveLength(0);
    expect(mailsTo(ended)).toHaveLength(0);
  });
});

/** What a mail client does with List-Unsubscribe + List-Unsubscribe-Post (RFC 8058). */
const oneClick = (listUnsubscribe: string) => {
  const url = new URL(listUnsubscribe.replace(/\s+/g, '').slice(1, -1));
  return handleApiRequest({
    method: 'POST',
    path: url.pathname,
    query: url.search.slice(1),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    rawBody: Buffer.from('List-Unsubscribe=One-Click'),
  });
};

describe("the mail's unsubscribe header", () => {
  it("turns a kind off with the mail's one-click POST, without signing in", async () => {
    const at = newDay();
    const [author, replier] = await Promise.all([mailable(1), mailable(1)]);
    await makeComment(replier, (await makePost(author)).id);
    await run(at(1));
    const mail = await smtp().mailTo(author.email);
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    const res = await oneClick(mail!.headers['list-unsubscribe']!);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      kind: 'replies',
      preferences: { replies: false, upvotes: false, digest: true, chat: true, mentions: true },
    });
    expect((await call('getMailPreferences', {}, author)).body).toMatchObject({ replies: false });

    // No more reply mail for them.
    await makeComment(replier, (await makePost(author)).id);
    await run(at(20));
    await settle();
    expect(mailsTo(author)).toHaveLength(1);
  });
});

describe('who may run the mail by hand', () => {
  it('answers 403 to members and moderators and runs for an admin', async () => {
    const [member, moderator, admin] = await Promise.all([mailable(1), mailable(2), mailable(3)]);
    expect((await call('handleMailNotifications', { data: {} }, member)).status).toBe(403);
    expect((await call('handleMailNotifications', { data: {} }, moderator)).status).toBe(403);
    expect((await call('handleMailNotifications', { data: {} })).status).toBe(401);
    const res = await call('handleMailNotifications', { data: {} }, admin);
    expect(res.status).toBe(200);
    expect(res.body.sent).toBeGreaterThanOrEqual(0);
  });
});
