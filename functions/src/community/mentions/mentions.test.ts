import { limits, mentionMessages, notificationText } from '@kring/contract';
import { describe, expect, it } from 'vitest';
import {
  type Member,
  mailable,
  mailTestFile,
  makeComment,
  makePost,
  settle,
} from '../../../test/community.ts';
import { call, createMember } from '../../../test/helpers.ts';
import { getDb } from '../../lib/db.ts';
import { sendNotificationMails } from '../../mail/notification-mails.ts';

const { smtp, mailsTo } = mailTestFile();

const mentionsOf = async (member: Member) => {
  const res = await call('listUserNotifications', {}, member);
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return {
    unread: res.body.unreadCount,
    items: res.body.notifications.filter((n) => n.actionPayload.type === 'MENTION'),
  };
};

describe('@mentions', () => {
  it('notifies a member mentioned in a post or a comment, and returns who the text mentions', async () => {
    const [joris, sanne, karel] = await Promise.all([createMember(1), createMember(1), createMember(1)]);
    const post = await makePost(joris, {
      title: 'Workshop',
      content: `Wie gaat er mee, @${sanne.name}? Mail naar x@${karel.name}.nl of @niemand_hier`,
    });
    // Only the real member; an address and an unknown name are plain text.
    expect(post.mentions).toEqual([{ id: sanne.profileId, name: sanne.name }]);
    let sanneSees = await mentionsOf(sanne);
    expect(sanneSees.items).toHaveLength(1);
    expect(sanneSees.items[0]).toMatchObject({
      actionPayload: { type: 'MENTION', mentioningUserId: joris.profileId, postId: post.id, commentId: null },
      postTitle: 'Workshop',
      readAt: null,
    });
    expect(notificationText(sanneSees.items[0]!)).toBe(`${joris.name} heeft je genoemd in een bericht.`);
    expect((await mentionsOf(karel)).items).toHaveLength(0);

    // In a comment (names are case-insensitive): the notification points at the comment.
    const commentId = await makeComment(joris, post.id, `Ook @${karel.name.toUpperCase()} is welkom`);
    const karelSees = await mentionsOf(karel);
    expect(karelSees.items[0]!.actionPayload).toEqual({
      type: 'MENTION',
      mentioningUserId: joris.profileId,
      postId: post.id,
      commentId,
    });
    expect(notificationText(karelSees.items[0]!)).toBe(`${joris.name} heeft je genoemd in een reactie.`);
    const got = await call('getPost', { postId: post.id }, sanne);
    expect(got.status).toBe(200);
    if (got.status !== 200) return;
    const comment = got.body.comments.find((c: { id: number }) => c.id === commentId);
    expect(comment?.mentions).toEqual([{ id: karel.profileId, name: karel.name }]);
    sanneSees = await mentionsOf(sanne);
    expect(sanneSees.unread).toBe(1);
  });

  it('groups the mentions of one post like the other kinds: "X en N anderen"', async () => {
    const [sanne, a, b, c] = await Promise.all([
      createMember(1),
      createMember(1),
      createMember(1),
      createMember(1),
    ]);
    const post = await makePost(a, { content: `Vraag voor @${sanne.name}` });
    await makeComment(b, post.id, `Eens met @${sanne.name}`);
    await makeComment(c, post.id, `@${sanne.name} weet dit vast`);
    const { items, unread } = await mentionsOf(sanne);
    expect(items).toHaveLength(1);
    expect(unread).toBe(1);
    expect(items[0]!.uniqueUsers).toBe(3);
    expect(notificationText(items[0]!)).toBe(
      `${c.name} en 2 anderen hebben je genoemd in een bericht of de reacties erop.`,
    );
  });

  it('does not notify twice when the text is edited, only members newly mentioned', async () => {
    const [joris, sanne, karel] = await Promise.all([createMember(1), createMember(1), createMember(1)]);
    const post = await makePost(joris, { title: 'Eerste', content: `Hoi @${sanne.name}` });
    expect((await call('markNotificationsRead', {}, sanne)).status).toBe(200);
    const edit = (content: string) =>
      call('editPost', { postId: post.id, title: 'Eerste', content, topics: [] }, joris);

    // Same mention again, the name taken out and put back: nothing new for sanne.
    expect((await edit(`Hoi @${sanne.name}, nog iets`)).status).toBe(200);
    const without = await edit('Hoi allemaal');
    expect(without.status === 200 && without.body.post.mentions).toEqual([]);
    expect((await edit(`Hoi @${sanne.name}`)).status).toBe(200);
    let sanneSees = await mentionsOf(sanne);
    expect(sanneSees.unread).toBe(0);
    expect(sanneSees.items[0]!.uniqueUsers).toBe(1);

    // A new name in an edit notifies that member only.
    const added = await edit(`Hoi @${sanne.name} en @${karel.name}`);
    expect(added.status === 200 && added.body.post.mentions.map((m) => m.id)).toEqual([
      sanne.profileId,
      karel.profileId,
    ]);
    expect((await mentionsOf(karel)).unread).toBe(1);
    sanneSees = await mentionsOf(sanne);
    expect(sanneSees.unread).toBe(0);

    // The same for a comment.
    const commentId = await makeComment(joris, post.id, `@${karel.name} kijk`);
    await call('markNotificationsRead', {}, karel);
    expect(
      (await call('editComment', { commentId, content: `@${karel.name} kijk hier` }, joris)).status,
    ).toBe(200);
    expect((await mentionsOf(karel)).unread).toBe(0);
  });

  it(`refuses more than ${limits.mentionsMax} members in one text, with the Dutch reason`, async () => {
    const author = await createMember(1);
    const many = await Promise.all(Array.from({ length: limits.mentionsMax + 1 }, () => createMember(1)));
    const text = many.map((m) => `@${m.name}`).join(' ');
    const refused = await call('createPost', { title: 'Iedereen', content: text, topics: [] }, author);
    expect(refused).toMatchObject({
      status: 400,
      body: {
        error: { code: 'VALIDATION', issues: [{ path: 'content', message: mentionMessages.tooMany }] },
      },
    });
    for (const m of many.slice(0, 3)) expect((await mentionsOf(m)).items).toHaveLength(0);

    // Exactly the cap is fine; so are many @words that name nobody.
    const atCap = many.slice(0, limits.mentionsMax).map((m) => `@${m.name}`);
    const nobody = Array.from({ length: 20 }, (_, i) => `@niemand_${i}`);
    const ok = await call(
      'createPost',
      { title: 'Tien', content: [...atCap, ...nobody].join(' '), topics: [] },
      author,
    );
    expect(ok.status).toBe(200);
    expect(ok.status === 200 && ok.body.post.mentions).toHaveLength(limits.mentionsMax);
    const post = await makePost(author);
    const comment = await call('createComment', { postId: post.id, parentId: null, content: text }, author);
    expect(comment.status).toBe(400);
  });

  it(`counts the members a post ever mentioned, so edits cannot mention more than ${limits.mentionsMax}`, async () => {
    const author = await createMember(1);
    const many = await Promise.all(Array.from({ length: limits.mentionsMax + 2 }, () => createMember(1)));
    const names = (members: Member[]) => members.map((m) => `@${m.name}`).join(' ');
    const first = many.slice(0, limits.mentionsMax);
    const post = await makePost(author, { title: 'Groep', content: names(first) });
    // Replacing the ten names by two others would ping twelve members with one post: refused.
    const others = many.slice(limits.mentionsMax);
    const edited = await call(
      'editPost',
      { postId: post.id, title: 'Groep', content: names(others), topics: [] },
      author,
    );
    expect(edited).toMatchObject({
      status: 400,
      body: {
        error: { code: 'VALIDATION', issues: [{ path: 'content', message: mentionMessages.tooMany }] },
      },
    });
    for (const m of others) expect((await mentionsOf(m)).items).toHaveLength(0);
    // Taking names out and putting some of the same back stays within the cap.
    const fewer = await call(
      'editPost',
      { postId: post.id, title: 'Groep', content: names(first.slice(0, 3)), topics: [] },
      author,
    );
    expect(fewer.status).toBe(200);

    // The same for a comment.
    const commentId = await makeComment(author, post.id, names(first));
    const comment = await call('editComment', { commentId, content: names(others) }, author);
    expect(comment.status).toBe(400);
    for (const m of others) expect((await mentionsOf(m)).items).toHaveLength(0);
  });

  it('a member who blocked the author is not notified', async () => {
    const [joris, sanne] = await Promise.all([createMember(1), createMember(1)]);
    expect((await call('blockUser', { profileId: joris.profileId }, sanne)).status).toBe(200);
    const post = await makePost(joris, { content: `@${sanne.name} luister eens` });
    await makeComment(joris, post.id, `@${sanne.name}?`);
    expect(await mentionsOf(sanne)).toEqual({ unread: 0, items: [] });
  });

  it('does not mail a mention from a member the recipient blocked before the mail went out', async () => {
    const [joris, sanne] = await Promise.all([mailable(1), mailable(1)]);
    await makePost(joris, { title: 'Vraagje', content: `@${sanne.name} weet jij dit?` });
    expect((await mentionsOf(sanne)).items).toHaveLength(1);
    expect((await call('blockUser', { profileId: joris.profileId }, sanne)).status).toBe(200);
    await sendNotificationMails(await getDb(), new Date(Date.UTC(2033, 1, 1)));
    await settle();
    expect(mailsTo(sanne)).toHaveLength(0);
  });

  it('mails a mention per the "mentions" switch, linked to the comment', async () => {
    const [joris, sanne, karel] = await Promise.all([mailable(1), mailable(1), mailable(1)]);
    const post = await makePost(joris, { title: 'Uitje' });
    const commentId = await makeComment(joris, post.id, `@${sanne.name} en @${karel.name}, zin in?`);
    await call(
      'updateMailPreferences',
      { replies: true, upvotes: false, digest: true, mentions: false },
      karel,
    );
    const at = new Date(Date.UTC(2033, 0, 1));
    await sendNotificationMails(await getDb(), at);
    const mail = await smtp().mailTo(sanne.email);
    expect(mail?.subject).toBe(`${joris.name} heeft je genoemd in een reactie.`);
    expect(mail!.text).toContain(`/community/bericht/${post.id}?showComment=${commentId}`);
    expect(decodeURIComponent(mail!.headers['list-unsubscribe']!)).toContain(`${sanne.profileId}.mentions.`);
    await settle();
    expect(mailsTo(karel)).toHaveLength(0);
  });
});

describe('suggestMentions', () => {
  it('offers members by the start of their name, not the caller, nobody they blocked', async () => {
    const prefix = `zz${Date.now().toString(36)}`;
    const [me, anna, annabel, blocked] = await Promise.all([
      createMember(1, `${prefix}_me`),
      createMember(1, `${prefix}_an`),
      createMember(1, `${prefix}_anbel`),
      createMember(1, `${prefix}_anblok`),
    ]);
    await call('blockUser', { profileId: blocked.profileId }, me);
    const res = await call('suggestMentions', { prefix: `${prefix.toUpperCase()}_AN` }, me);
    expect(res.status).toBe(200);
    expect(res.status === 200 && res.body.items.map((p) => p.id)).toEqual([
      anna.profileId,
      annabel.profileId,
    ]);
    const all = await call('suggestMentions', { prefix }, me);
    expect(all.status === 200 && all.body.items.map((p) => p.id)).not.toContain(me.profileId);
    // A LIKE wildcard is a plain character.
    const wild = await call('suggestMentions', { prefix: '%' }, me);
    expect(wild.status === 200 && wild.body.items).toEqual([]);
  });

  it('answers bad input with VALIDATION, never a 500', async () => {
    const me = await createMember(1);
    for (const prefix of ['a\u0000b', 'x'.repeat(31), 42, null]) {
      const res = await call('suggestMentions', { prefix } as never, me);
      expect(res.status, JSON.stringify(prefix)).toBe(400);
      expect(res.body).toMatchObject({ error: { code: 'VALIDATION' } });
    }
  });
});
