// Issue 21 item 7: deleting an account must not destroy the evidence under an open report. What of
// the member's content is reported (chat messages they sent, their profile text) is kept for the
// moderator until the report is handled, then erased; everything unreported goes at once.
import { Role } from '@kring/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { stopAll } from '../../test/community.ts';
import { call, createMember } from '../../test/helpers.ts';
import { getDb } from '../lib/db.ts';
import { REPORT_EVIDENCE_RETENTION_DAYS, removeReportEvidence } from './retention.ts';

afterAll(() => stopAll());

type Moderator = Awaited<ReturnType<typeof createMember>>;

async function queueGroup(moderator: Moderator, kind: string, id: number) {
  let page = (await call('listReportsModerator', { pageSize: 50, cursor: null }, moderator)).body;
  let found = page.items.find((g) => g.itemKind === kind && g.itemId === id);
  while (!found && page.nextCursor) {
    page = (await call('listReportsModerator', { pageSize: 50, cursor: page.nextCursor }, moderator)).body;
    found = page.items.find((g) => g.itemKind === kind && g.itemId === id);
  }
  return found;
}

async function storedMessages(ids: number[]) {
  const db = await getDb();
  const rows = await db.selectFrom('messages').select('content').where('id', 'in', ids).execute();
  const kept = await db
    .selectFrom('report_evidence')
    .select('content')
    .where('item_kind', '=', 'message')
    .where('item_id', 'in', ids)
    .execute();
  return [...rows, ...kept].map((r) => r.content).sort();
}

/** A member who sends `recipient` three messages, of which the recipient reports the second. */
async function harasser(recipient: Awaited<ReturnType<typeof createMember>>) {
  const sender = await createMember(Role.Member);
  const sent: number[] = [];
  for (const content of ['Hoi', 'Jij bent waardeloos', 'Fijne dag']) {
    const res = await call('sendMessage', { toUserId: recipient.profileId, content }, sender);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    sent.push(res.body.message.id);
  }
  const reported = sent[1]!;
  const report = await call(
    'reportItem',
    { itemKind: 'message', itemId: reported, reason: 'harassment', details: 'Scheldwoorden' },
    recipient,
  );
  expect(report.status).toBe(200);
  return { sender, sent, reported };
}

describe('reported content of a deleted account', () => {
  it('a reported chat message stays visible to the moderator until the report is handled; the rest goes at once', async () => {
    const [recipient, moderator] = await Promise.all([
      createMember(Role.Member),
      createMember(Role.Moderator),
    ]);
    const { sender, sent, reported } = await harasser(recipient);

    expect((await call('deleteMyAccount', { confirm: 'VERWIJDER' }, sender)).status).toBe(200);

    // Unreported messages are erased at once; only the reported one is kept, and not in the thread.
    expect(await storedMessages(sent)).toEqual(['Jij bent waardeloos']);
    const threads = await call('listThreads', {}, recipient);
    expect(JSON.stringify(threads.body)).not.toContain('waardeloos');

    const group = await queueGroup(moderator, 'message', reported);
    expect(group?.item).toMatchObject({
      kind: 'message',
      content: 'Jij bent waardeloos',
      author: { name: 'Verwijderd lid', deleted: true },
      recipient: { id: recipient.profileId },
    });
    expect(group?.subject).toBeNull();

    expect(
      (await call('dismissReportsModerator', { itemKind: 'message', itemId: reported }, moderator)).status,
    ).toBe(200);
    expect(await storedMessages(sent)).toEqual([]);
    expect(await queueGroup(moderator, 'message', reported)).toBeUndefined();
  });

  it('reported profile text is kept for the moderator; unreported profile text is not', async () => {
    const [reporter, moderator] = await Promise.all([
      createMember(Role.Member),
      createMember(Role.Moderator),
    ]);
    const [reportedOne, quietOne] = await Promise.all([createMember(Role.Member), createMember(Role.Member)]);
    expect(
      (
        await call(
          'updateProfile',
          { name: reportedOne.name, occupation: 'Oplichter', bio: 'Koop mijn cursus!' },
          reportedOne,
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await call(
          'reportItem',
          { itemKind: 'profile', itemId: reportedOne.profileId, reason: 'spam' },
          reporter,
        )
      ).status,
    ).toBe(200);

    for (const leaving of [reportedOne, quietOne]) {
      expect((await call('deleteMyAccount', { confirm: 'VERWIJDER' }, leaving)).status).toBe(200);
    }
    const db = await getDb();
    const kept = await db
      .selectFrom('report_evidence')
      .select(['item_id', 'name', 'content'])
      .where('item_kind', '=', 'profile')
      .where('item_id', 'in', [reportedOne.profileId, quietOne.profileId])
      .execute();
    expect(kept).toEqual([
      { item_id: reportedOne.profileId, name: reportedOne.name, content: 'Koop mijn cursus!' },
    ]);

    const group = await queueGroup(moderator, 'profile', reportedOne.profileId);
    expect(group?.item).toMatchObject({
      kind: 'profile',
      author: { name: reportedOne.name, deleted: true },
      occupation: 'Oplichter',
      bio: 'Koop mijn cursus!',
    });
    expect(
      (
        await call(
          'dismissReportsModerator',
          { itemKind: 'profile', itemId: reportedOne.profileId },
          moderator,
        )
      ).status,
    ).toBe(200);
    const after = await db
      .selectFrom('report_evidence')
      .select('item_id')
      .where('item_kind', '=', 'profile')
      .where('item_id', '=', reportedOne.profileId)
      .execute();
    expect(after).toEqual([]);
  });

  it('the retention job erases a copy whose report nobody handled within the limit', async () => {
    const [recipient, moderator] = await Promise.all([
      createMember(Role.Member),
      createMember(Role.Moderator),
    ]);
    const { sender, reported } = await harasser(recipient);
    expect((await call('deleteMyAccount', { confirm: 'VERWIJDER' }, sender)).status).toBe(200);

    await removeReportEvidence(
      await getDb(),
      new Date(Date.now() + (REPORT_EVIDENCE_RETENTION_DAYS - 1) * 86_400_000),
    );
    expect(await storedMessages([reported])).toEqual(['Jij bent waardeloos']);
    await removeReportEvidence(
      await getDb(),
      new Date(Date.now() + (REPORT_EVIDENCE_RETENTION_DAYS + 1) * 86_400_000),
    );
    expect(await storedMessages([reported])).toEqual([]);
    expect((await queueGroup(moderator, 'message', reported))?.item).toEqual({ kind: 'gone', id: reported });
  });

  it('a copy goes with the reporter’s own account deletion (their report goes with it)', async () => {
    const recipient = await createMember(Role.Member);
    const { sender, reported } = await harasser(recipient);
    expect((await call('deleteMyAccount', { confirm: 'VERWIJDER' }, sender)).status).toBe(200);
    expect(await storedMessages([reported])).toEqual(['Jij bent waardeloos']);
    expect((await call('deleteMyAccount', { confirm: 'VERWIJDER' }, recipient)).status).toBe(200);
    expect(await storedMessages([reported])).toEqual([]);
  });
});
