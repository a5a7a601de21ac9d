import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Member, mailable, mailTestFile, makeComment, makePost, settle } from '../../test/community.ts';
import { call, createMember } from '../../test/helpers.ts';
import { setRole } from '../accounts/roles.ts';
import { getDb } from '../lib/db.ts';
import { MAIL_SENDS_RETENTION_DAYS, removeOldMailSends } from '../privacy/retention.ts';
import { type DigestCms, readDigestCms } from './digest-cms.ts';
import { claimSend } from './mail.repo.ts';
import {
  type DigestBatch,
  DigestBatchIncomplete,
  digestWeekKey,
  planWeeklyDigest,
  sendDigestBatch,
  weekBefore,
} from './weekly-digest.ts';

const { smtp, mailsTo } = mailTestFile();

const noCms = async (): Promise<DigestCms> => ({ articles: [], events: [] });

/**
 * Plans the digest as the scheduler does, then gives the one batch these members would be sent in:
 * the database holds the members of every earlier test file too (planned, not sent here), so these
 * members may fall on both sides of a batch boundary; the planned batches are joined for them.
 */
async function planFor(members: Member[], now = new Date()) {
  const batches: DigestBatch[] = [];
  const plan = await planWeeklyDigest(await getDb(), now, async (b) => void batches.push(b), 50);
  const ids = new Set(members.map((m) => m.profileId));
  const profileIds = batches.flatMap((b) => b.profileIds.filter((id) => ids.has(id)));
  const mine: DigestBatch = { ...batches[0]!, profileIds };
  return { plan, batches, mine };
}

describe('the week of a digest', () => {
  it('is the ISO week on the Amsterdam calendar', () => {
    // Monday 00:30 in Amsterdam is still Sunday 23:30 UTC: the new week already.
    expect(digestWeekKey(new Date('2026-11-29T23:30:00Z'))).toBe('2026-W49');
    expect(digestWeekKey(new Date('2026-11-29T22:30:00Z'))).toBe('2026-W48');
    // The year's edge: 31 December 2026 and 1 January 2027 lie in week 53 of 2026.
    expect(digestWeekKey(new Date('2026-12-31T12:00:00Z'))).toBe('2026-W53');
    expect(digestWeekKey(new Date('2027-01-01T12:00:00Z'))).toBe('2026-W53');
    expect(digestWeekKey(new Date('2027-01-04T12:00:00Z'))).toBe('2027-W01');
  });

  it('starts at the same Amsterdam time a week earlier, also across a daylight-saving change', () => {
    // Monday 26 October 2026 08:00 CET (07:00 UTC); a week earlier it was 08:00 CEST (06:00 UTC).
    expect(weekBefore(new Date('2026-10-26T07:00:00Z')).toISOString()).toBe('2026-10-19T06:00:00.000Z');
    // Spring: Monday 30 March 2026 08:00 CEST (06:00 UTC); a week earlier 08:00 CET (07:00 UTC).
    expect(weekBefore(new Date('2026-03-30T06:00:00Z')).toISOString()).toBe('2026-03-23T07:00:00.000Z');
    expect(weekBefore(new Date('2026-11-30T07:00:00.250Z')).toISOString()).toBe('2026-11-23T07:00:00.250Z');
  });
});

describe('the weekly digest', () => {
  // "Populair deze week" is a top list over the whole test database: posts that earlier test files
  // left (some with many votes) would push these tests' posts out of it, depending on the order the
  // files ran in. They are moved a fortnight back, out of this week; the tests here make their own.
  beforeAll(async () => {
    await (await getDb())
      .updateTable('posts')
      .set({ created_at: sql`created_at - interval '14 days'` })
      .execute();
  });

  it("gives a member the replies to their posts, the week's popular posts, new articles, events and new members", async () => {
    const [author, anna, bert] = await Promise.all([mailable(1), mailable(1), mailable(1)]);
    const post = await makePost(author, { title: 'Hoe regel ik <vervanging>?' });
    await makeComment(anna, post.id, 'Zo');
    const latest = await makeComment(bert, post.id, 'Of zo');
    const thanks = await makeComment(author, post.id, 'Dank!'); // their own comment is no reply to them
    await call('upvotePost', { postId: post.id }, anna);
    await call('upvoteComment', { commentId: thanks }, bert);
    const popular = await makePost(anna, { title: 'De populairste vraag van de week' });
    for (const voter of [author, bert]) await call('upvotePost', { postId: popular.id }, voter);

    const cms = async (): Promise<DigestCms> => ({
      articles: [{ title: 'Nieuwe cao', slug: 'nieuwe-cao', summary: 'Wat verandert er?' }],
      events: [
        {
          title: 'Ledenavond',
          slug: 'ledenavond',
          startsAt: '2026-12-03T18:30:00.000Z',
          location: 'Utrecht',
        },
      ],
    });
    const { mine } = await planFor([author]);
    expect(mine.profileIds).toEqual([author.profileId]);
    await sendDigestBatch(await getDb(), mine, cms);

    const mail = await smtp().mailTo(author.email);
    expect(mail?.subject).toBe('Deze week op Kring: 2 nieuwe reacties op je berichten');
    for (const part of [mail!.text, mail!.html]) {
      expect(part).toContain('Bij je berichten');
      expect(part).toContain('2 nieuwe reacties en 1 stem');
      expect(part).toContain('Je reacties kregen deze week 1 stem.');
      expect(part).toContain(`/community/bericht/${post.id}?showComment=${latest}`);
      expect(part).toContain('Populair deze week');
      expect(part).toContain(`/community/bericht/${popular.id}`);
      expect(part).toContain('Nieuw in de kennisbank');
      expect(part).toContain('/kennisbank/nieuwe-cao');
      expect(part).toContain('Binnenkort');
      expect(part).toContain('donderdag 3 december');
      expect(part).toContain('Nieuwe leden');
      expect(part).toContain('Afmelden');
    }
    expect(mail!.text).toContain('Hoe regel ik <vervanging>?');
    expect(mail!.html).toContain('Hoe regel ik &lt;vervanging&gt;?');
    expect(mail!.text).toContain(`${anna.name} · 2 stemmen · 0 reacties`);
    expect(decodeURIComponent(mail!.headers['list-unsubscribe']!)).toContain(`${author.profileId}.digest.`);
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  });

  it("gives members without replies the week's shared digest, each with their own name and unsubscribe link", async () => {
    const [anna, bert, voter] = await Promise.all([mailable(1), mailable(1), mailable(1)]);
    const popular = await makePost(voter, { title: 'Iets voor iedereen' });
    await call('upvotePost', { postId: popular.id }, anna);
    const { mine } = await planFor([anna, bert]);
    await sendDigestBatch(await getDb(), mine, noCms);
    for (const [me, other] of [
      [anna, bert],
      [bert, anna],
    ] as const) {
      const mail = await smtp().mailTo(me.email);
      expect(mail?.subject).toBe('Deze week op Kring');
      for (const part of [mail!.text, mail!.html]) {
        expect(part).toContain(`Hallo ${me.name},`);
        expect(part).not.toContain(other.name);
        expect(part).toContain(`/afmelden?token=${me.profileId}.digest.`);
        expect(part).not.toContain('KRINGNAAM');
        expect(part).not.toContain('kring.invalid');
      }
    }
  });

  it('sends once however often the week is planned and its batches run', async () => {
    const [member, replier] = await Promise.all([mailable(1), mailable(1)]);
    await makeComment(replier, (await makePost(member)).id);
    const db = await getDb();
    for (let run = 0; run < 3; run++) {
      const { mine } = await planFor([member]);
      await sendDigestBatch(db, mine, noCms);
    }
    await smtp().mailTo(member.email);
    await settle();
    expect(mailsTo(member)).toHaveLength(1);
  });

  it('retries a batch the mail server failed half way: everyone gets exactly one digest', async () => {
    const members = await Promise.all([mailable(1), mailable(1), mailable(1), mailable(1)]);
    const replier = await mailable(1);
    for (const m of members) await makeComment(replier, (await makePost(m)).id);
    const { mine: batch } = await planFor(members);
    expect(batch.profileIds).toHaveLength(4);

    // The server refuses the second and third member the first time.
    smtp().refused.add(members[1]!.email);
    smtp().refused.add(members[2]!.email);
    const db = await getDb();
    const error = await sendDigestBatch(db, batch, noCms).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DigestBatchIncomplete);
    expect([...(error as DigestBatchIncomplete).failed].sort()).toEqual(
      [members[1]!.profileId, members[2]!.profileId].sort(),
    );
    await settle();
    expect(members.map((m) => mailsTo(m).length)).toEqual([1, 0, 0, 1]);

    // The task queue runs the batch again once the server is back.
    smtp().refused.clear();
    await expect(sendDigestBatch(db, batch, noCms)).resolves.toMatchObject({ sent: 2 });
    await settle();
    expect(members.map((m) => mailsTo(m).length)).toEqual([1, 1, 1, 1]);
  });

  it('resumes a batch that crashed mid-way: mailed members are skipped, the rest are sent, two runs at once send once', async () => {
    const members = await Promise.all([mailable(1), mailable(1), mailable(1)]);
    const replier = await mailable(1);
    for (const m of members) await makeComment(replier, (await makePost(m)).id);
    const { mine: batch } = await planFor(members);
    const db = await getDb();
    // Before the crash: the first member's digest went out; the second was claimed, then the process
    // died before it reached the mail server (sent_at stays empty).
    const [first, second, third] = [...members].sort((a, b) => a.profileId - b.profileId);
    await sendDigestBatch(db, { ...batch, profileIds: [first!.profileId] }, noCms);
    await claimSend(db, { profileId: second!.profileId, kind: 'digest', periodKey: batch.week });

    // The task queue retries the whole batch, and (a duplicate delivery) runs it twice at once.
    const results = await Promise.all([sendDigestBatch(db, batch, noCms), sendDigestBatch(db, batch, noCms)]);
    expect(results.map((r) => r.sent).sort()).toEqual([0, 1]);
    await smtp().mailTo(third!.email);
    await settle();
    expect([first, second, third].map((m) => mailsTo(m!).length)).toEqual([1, 0, 1]);
  });

  it('sends nothing to a member who turned it off, lost access, has not verified their address, or has nothing new', async () => {
    const [off, expired, quiet, keen, replier, unverified] = await Promise.all([
      mailable(1),
      mailable(1),
      mailable(1),
      mailable(1),
      mailable(1),
      createMember(1),
    ]);
    for (const m of [off, expired, keen, unverified]) await makeComment(replier, (await makePost(m)).id);
    expect(
      (await call('updateMailPreferences', { replies: true, upvotes: false, digest: false }, off)).status,
    ).toBe(200);
    await setRole(await getDb(), expired.uid, 0);

    const { mine } = await planFor([off, expired, quiet, keen, unverified]);
    // Not planned at all: digest off, no access, an address nobody confirmed.
    // (Ids in the order the database gave them, which Promise.all does not fix.)
    expect([...mine.profileIds].sort((a, b) => a - b)).toEqual(
      [quiet.profileId, keen.profileId].sort((a, b) => a - b),
    );

    // A week in which nothing happened: no popular posts, no articles, no members, no replies.
    const emptyWeek = { week: '2031-W02', since: '2031-01-06T07:00:00Z', until: '2031-01-13T07:00:00Z' };
    await sendDigestBatch(await getDb(), { ...emptyWeek, profileIds: [quiet.profileId] }, noCms);
    // The same week with one new article is news: the quiet member gets it then.
    const oneArticle = async (): Promise<DigestCms> => ({
      articles: [{ title: 'Artikel', slug: 'artikel', summary: 'Kort' }],
      events: [],
    });
    await sendDigestBatch(
      await getDb(),
      { ...emptyWeek, week: '2031-W03', profileIds: [quiet.profileId] },
      oneArticle,
    );

    await sendDigestBatch(await getDb(), mine, noCms);
    expect(await smtp().mailTo(keen.email)).toBeDefined();
    await settle();
    expect(mailsTo(off)).toHaveLength(0);
    expect(mailsTo(expired)).toHaveLength(0);
    expect(mailsTo(unverified)).toHaveLength(0);
    // Nothing in the empty week; the article's week; and this week, whose popular posts are news to all.
    expect(mailsTo(quiet)).toHaveLength(2);
    expect(mailsTo(quiet)[0]!.text).toContain('/kennisbank/artikel');
    expect(mailsTo(quiet)[0]!.text).not.toContain('Bij je berichten');
  });

  it('leaves out a member who unsubscribed between the plan and the batch', async () => {
    const [member, replier] = await Promise.all([mailable(1), mailable(1)]);
    await makeComment(replier, (await makePost(member)).id);
    const { mine } = await planFor([member]);
    await call('updateMailPreferences', { replies: true, upvotes: false, digest: false }, member);
    await expect(sendDigestBatch(await getDb(), mine, noCms)).resolves.toMatchObject({ sent: 0 });
    await settle();
    expect(mailsTo(member)).toHaveLength(0);
  });
});

describe('the retention of mail claims', () => {
  const day = 86_400_000;
  const claimsOf = async (member: Member) =>
    (
      await (
        await getDb()
      )
        .selectFrom('mail_sends')
        .select(['kind', 'period_key'])
        .where('profile_id', '=', member.profileId)
        .orderBy('period_key')
        .execute()
    ).map((r) => `${r.kind} ${r.period_key}`);

  it('keeps a digest claim past its week, so a batch retried after the daily sweep sends no second digest', async () => {
    const members = await Promise.all([mailable(1), mailable(1)]);
    const replier = await mailable(1);
    for (const m of members) await makeComment(replier, (await makePost(m)).id);
    const { mine: batch } = await planFor(members);
    const [first, second] = [...members].sort((a, b) => a.profileId - b.profileId);
    smtp().refused.add(second!.email);
    const db = await getDb();
    await expect(sendDigestBatch(db, batch, noCms)).rejects.toBeInstanceOf(DigestBatchIncomplete);

    // The sweep runs (as late as a week and a day on) before the queue retries the batch.
    await removeOldMailSends(db, new Date(Date.now() + 8 * day));
    expect(await claimsOf(first!)).toEqual([`digest ${batch.week}`]);
    smtp().refused.clear();
    await expect(sendDigestBatch(db, batch, noCms)).resolves.toMatchObject({ sent: 1 });
    await smtp().mailTo(second!.email);
    await settle();
    expect([first, second].map((m) => mailsTo(m!).length)).toEqual([1, 1]);
  });

  it(`deletes the claims older than ${MAIL_SENDS_RETENTION_DAYS} days and keeps the younger ones`, async () => {
    const member = await mailable(1);
    const db = await getDb();
    const claim = async (kind: 'digest' | 'notifications', periodKey: string, daysAgo: number) => {
      const id = await claimSend(db, { profileId: member.profileId, kind, periodKey });
      await db
        .updateTable('mail_sends')
        .set({ claimed_at: new Date(Date.now() - daysAgo * day) })
        .where('id', '=', id!)
        .execute();
    };
    await claim('digest', '2026-W30', MAIL_SENDS_RETENTION_DAYS + 1);
    await claim('notifications', '2026-08-20T10:15:00.000Z', MAIL_SENDS_RETENTION_DAYS + 1);
    await claim('digest', '2026-W35', MAIL_SENDS_RETENTION_DAYS - 1);
    await claim('notifications', '2026-08-28T10:15:00.000Z', MAIL_SENDS_RETENTION_DAYS - 1);
    await claim('digest', '2026-W48', 0);

    expect(await removeOldMailSends(db)).toBeGreaterThanOrEqual(2);
    expect(await claimsOf(member)).toEqual([
      'notifications 2026-08-28T10:15:00.000Z',
      'digest 2026-W35',
      'digest 2026-W48',
    ]);
  });
});

describe("the digest's CMS sections", () => {
  let server: Server;
  const seen: URLSearchParams[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      seen.push(url.searchParams);
      const data = url.pathname.endsWith('/articles')
        ? [
            {
              title: 'Nieuwe cao',
              slug: 'nieuwe-cao',
              summary: 'Wat verandert er?',
              body: '…',
              publishDate: '2026-11-20',
              author: 'Redactie',
            },
            { title: 'Zonder samenvatting', slug: 'kapot', publishDate: '2026-11-21' },
          ]
        : [
            {
              title: 'Ledenavond',
              slug: 'ledenavond',
              startsAt: '2026-12-03T18:30:00.000Z',
              location: 'Utrecht',
              description: '…',
            },
          ];
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data, meta: {} }));
    });
    await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
    process.env.CMS_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    delete process.env.CMS_URL;
    await new Promise((done) => server.close(done));
  });

  it("asks Strapi for the window's published articles and the coming events, and drops incomplete entries", async () => {
    const cms = await readDigestCms(new Date('2026-11-16T07:00:00Z'), new Date('2026-11-23T07:00:00Z'));
    expect(cms.articles).toEqual([{ title: 'Nieuwe cao', slug: 'nieuwe-cao', summary: 'Wat verandert er?' }]);
    expect(cms.events.map((e) => e.slug)).toEqual(['ledenavond']);
    const articles = seen.find((q) => q.has('filters[publishDate][$gte]'))!;
    expect(articles.get('filters[publishDate][$gte]')).toBe('2026-11-16');
    expect(articles.get('filters[publishDate][$lt]')).toBe('2026-11-23');
    expect(articles.get('status')).not.toBe('draft');
    const events = seen.find((q) => q.has('filters[startsAt][$gte]'))!;
    expect(events.get('filters[startsAt][$gte]')).toBe('2026-11-23T07:00:00.000Z');
  });

  it('leaves the sections out when the CMS is down, and the digest still goes', async () => {
    process.env.CMS_URL = 'http://127.0.0.1:1'; // nothing listens there
    await expect(readDigestCms(new Date(), new Date())).resolves.toEqual({ articles: [], events: [] });
  });
});

describe('who may run the digest by hand', () => {
  it('answers 403 to members and moderators, 401 without a token, and plans it for an admin', async () => {
    const [member, moderator] = await Promise.all([mailable(1), mailable(2)]);
    expect((await call('handleWeeklyMail', { data: {} }, member)).status).toBe(403);
    expect((await call('handleWeeklyMail', { data: {} }, moderator)).status).toBe(403);
    expect((await call('handleWeeklyMail', { data: {} })).status).toBe(401);
    const admin = await mailable(3);
    const res = await call('handleWeeklyMail', { data: {} }, admin);
    expect(res.status).toBe(200);
    expect(res.body.members).toBeGreaterThanOrEqual(1);
    expect(res.body.batches).toBe(Math.ceil(res.body.members / 100));
  });
});
