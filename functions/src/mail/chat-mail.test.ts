import { describe, expect, it } from 'vitest';
import { type Member, mailable, mailTestFile, settle } from '../../test/community.ts';
import { call } from '../../test/helpers.ts';
import { handleApiRequest } from '../http/router.ts';
import { getDb } from '../lib/db.ts';
import { sendChatMails } from './chat-mails.ts';

const { smtp, mailsTo } = mailTestFile();

const DELAY_MS = 300_000;
// Each test runs in its own day far ahead (every message is then old enough), so the 15-minute
// periods of one test are not another's.
let day = 0;
const newDay = () => {
  const start = Date.UTC(2032, 0, 1) + day++ * 86_400_000;
  return (minutes: number) => new Date(start + minutes * 60_000);
};
const run = async (at: Date) => {
  process.env.FUNCTION_TARGET = 'mailNotificationsJob';
  try {
    return await sendChatMails(await getDb(), at);
  } finally {
    delete process.env.FUNCTION_TARGET;
  }
};
const send = async (from: Member, to: Member, content: string) => {
  const res = await call('sendMessage', { toUserId: to.profileId, content }, from);
  if (res.status !== 200) throw new Error(`sendMessage failed: ${JSON.stringify(res.body)}`);
  return res.body;
};
const chatMailsTo = (member: Member) => mailsTo(member).filter((m) => m.subject.includes('stuurde je'));

describe('chat by mail', () => {
  it('mails a conversation left unread as one mail, with the messages and a link that opens it', async () => {
    const at = newDay();
    const [sanne, joris] = await Promise.all([mailable(1), mailable(1)]);
    await send(sanne, joris, 'Hoi Joris, kom je <zaterdag>?');
    const { threadId } = await send(sanne, joris, 'Ik neem koffie mee.');

    expect(await run(at(1))).toEqual({ sent: 1 });
    const mail = await smtp().mailTo(joris.email);
    expect(mail?.subject).toBe(`${sanne.name} stuurde je 2 berichten op Kring`);
    for (const part of [mail!.text, mail!.html]) {
      expect(part).toContain('Ik neem koffie mee.');
      expect(part).toContain(`/community/tijdlijn?gesprek=${threadId}`);
      expect(part).toContain('/afmelden?token=');
    }
    expect(mail!.text).toContain('Hoi Joris, kom je <zaterdag>?');
    expect(mail!.html).toContain('kom je &lt;zaterdag&gt;?');
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(decodeURIComponent(mail!.headers['list-unsubscribe']!)).toContain(`${joris.profileId}.chat.`);
    // The sender had nothing unread.
    expect(chatMailsTo(sanne)).toHaveLength(0);
  });

  it('waits until the oldest unread message is a few minutes old', async () => {
    const [sanne, joris] = await Promise.all([mailable(1), mailable(1)]);
    await send(sanne, joris, 'Ben je er?');
    const now = Date.now();
    await run(new Date(now + 60_000));
    await settle();
    expect(chatMailsTo(joris)).toHaveLength(0);
    await run(new Date(now + DELAY_MS + 1_000));
    expect((await smtp().mailTo(joris.email))?.subject).toBe(`${sanne.name} stuurde je een bericht op Kring`);
  });

  it('never mails a message twice; a later message is a new batch in a later period', async () => {
    const at = newDay();
    const [sanne, joris] = await Promise.all([mailable(1), mailable(1)]);
    await send(sanne, joris, 'Eerste');
    await run(at(1));
    await run(at(2));
    await Promise.all([run(at(20)), run(at(20))]);
    await smtp().mailTo(joris.email);
    await settle();
    expect(chatMailsTo(joris)).toHaveLength(1);

    await send(sanne, joris, 'Tweede');
    await run(at(21));
    await run(at(22));
    await settle();
    const mails = chatMailsTo(joris);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain('Tweede');
    expect(mails[1]!.text).not.toContain('Eerste');
  });

  it('two runs at once send one mail', async () => {
    const at = newDay();
    const [sanne, joris] = await Promise.all([mailable(1), mailable(1)]);
    await send(sanne, joris, 'Tegelijk');
    await Promise.all([run(at(1)), run(at(1)), run(at(2))]);
    await smtp().mailTo(joris.email);
    await settle();
    expect(chatMailsTo(joris)).toHaveLength(1);
  });

  it('sends one mail per conversation', async () => {
    const at = newDay();
    const [sanne, karel, joris] = await Promise.all([mailable(1), mailable(1), mailable(1)]);
    await send(sanne, joris, 'Van Sanne');
    await send(karel, joris, 'Van Karel');
    expect(await run(at(1))).toEqual({ sent: 2 });
    await settle();
    expect(
      chatMailsTo(joris)
        .map((m) => m.subject)
        .sort(),
    ).toEqual(
      [
        `${karel.name} stuurde je een bericht op Kring`,
        `${sanne.name} stuurde je een bericht op Kring`,
      ].sort(),
    );
  });

  it('sends nothing once the conversation was read in the app', async () => {
    const at = newDay();
    const [sanne, joris] = await Promise.all([mailable(1), mailable(1)]);
    const { threadId } = await send(sanne, joris, 'Al gelezen');
    expect((await call('markThreadRead', { threadId }, joris)).status).toBe(200);
    await run(at(1));
    await settle();
    expect(chatMailsTo(joris)).toHaveLength(0);
  });

  it('sends nothing from a member the recipient blocked', async () => {
    const at = newDay();
    const [sanne, joris] = await Promise.all([mailable(1), mailable(1)]);
    await send(sanne, joris, 'Nog een keer');
    expect((await call('blockUser', { profileId: sanne.profileId }, joris)).status).toBe(200);
    await run(at(1));
    await settle();
    expect(chatMailsTo(joris)).toHaveLength(0);
    // Not after unblocking either: what arrived from them before the block is not mailed later.
    expect((await call('unblockUser', { profileId: sanne.profileId }, joris)).status).toBe(200);
    await run(at(20));
    await settle();
    expect(chatMailsTo(joris)).toHaveLength(0);
  });

  it("follows the 'Berichten per e-mail' switch, on by default", async () => {
    const at = newDay();
    const [sanne, joris] = await Promise.all([mailable(1), mailable(1)]);
    expect((await call('getMailPreferences', {}, joris)).body).toMatchObject({ chat: true, mentions: true });
    const off = await call(
      'updateMailPreferences',
      { replies: true, upvotes: false, digest: true, chat: false },
      joris,
    );
    expect(off.body).toMatchObject({ chat: false, mentions: true });
    await send(sanne, joris, 'Hallo?');
    await run(at(1));
    await settle();
    expect(chatMailsTo(joris)).toHaveLength(0);
  });

  it("turns chat mail off with the mail's one-click unsubscribe", async () => {
    const at = newDay();
    const [sanne, joris] = await Promise.all([mailable(1), mailable(1)]);
    await send(sanne, joris, 'Eén');
    await run(at(1));
    const mail = await smtp().mailTo(joris.email);
    const url = new URL(mail!.headers['list-unsubscribe']!.replace(/\s+/g, '').slice(1, -1));
    const res = await handleApiRequest({
      method: 'POST',
      path: url.pathname,
      query: url.search.slice(1),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      rawBody: Buffer.from('List-Unsubscribe=One-Click'),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ kind: 'chat', preferences: { chat: false, replies: true } });
    await send(sanne, joris, 'Twee');
    await run(at(20));
    await settle();
    expect(chatMailsTo(joris)).toHaveLength(1);
  });

  it('gives the batch back when the mail server refuses it, and sends it on the next run', async () => {
    const at = newDay();
    const [sanne, joris] = await Promise.all([mailable(1), mailable(1)]);
    await send(sanne, joris, 'Opnieuw');
    smtp().refused.add(joris.email);
    try {
      expect(await run(at(1))).toEqual({ sent: 0 });
    } finally {
      smtp().refused.delete(joris.email);
    }
    expect(await run(at(2))).toEqual({ sent: 1 });
    expect((await smtp().mailTo(joris.email))?.text).toContain('Opnieuw');
    const db = await getDb();
    const sends = await db
      .selectFrom('mail_sends')
      .select(['kind', 'notification_count', 'sent_at'])
      .where('profile_id', '=', joris.profileId)
      .execute();
    expect(sends).toEqual([{ kind: 'chat', notification_count: 1, sent_at: expect.any(Date) }]);
  });
});
