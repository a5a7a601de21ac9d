// Issue 21 item 4: member photos could be harvested without signing in (public reads of community/**,
// avatars at community/profile/{sequential id}/avatar.png). Avatars now live under a random 128-bit
// segment; existing ones are moved by migrateAvatarPaths (scripts/migrate-avatar-paths.ts).
import { deleteApp } from 'firebase-admin/app';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { call, createMember } from '../../../test/helpers.ts';
import { closeDb, getDb } from '../../lib/db.ts';
import { adminApp, adminBucket, publicFileUrl } from '../../lib/firebase.ts';
import { migrateAvatarPaths } from './avatar-paths.ts';

afterAll(async () => {
  await deleteApp(adminApp());
  await closeDb();
});

const png = (colour: string) =>
  sharp({ create: { width: 256, height: 256, channels: 3, background: colour } })
    .png()
    .toBuffer();

const uploadAvatar = async (member: Awaited<ReturnType<typeof createMember>>, colour = '#aa3366') => {
  const res = await call(
    'uploadImage',
    { kind: 'avatar', contentType: 'image/png', dataBase64: (await png(colour)).toString('base64') },
    member,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

/** What a script without any sign-in gets for a URL. */
const anonymousGet = async (url: string) => {
  const res = await fetch(url);
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
};

const guessedUrl = (profileId: number) => publicFileUrl(`community/profile/${profileId}/avatar.png`);
const tokenAvatar = (profileId: number) =>
  new RegExp(`^community/profile/${profileId}/[A-Za-z0-9_-]{22}/avatar\\.png$`);

describe('member photos cannot be harvested by profile id', () => {
  it('an anonymous client that knows a profile id cannot fetch its avatar by guessing the path', async () => {
    const [member, viewer] = await Promise.all([createMember(1), createMember(1)]);
    await uploadAvatar(member);

    const guessed = await anonymousGet(guessedUrl(member.profileId));
    expect(guessed.status).not.toBe(200);
    expect([403, 404]).toContain(guessed.status);

    // What the API gives members still works in the browser (an <img> fetches it without a token).
    const shown = (
      await call(
        'getPublicProfile',
        { id: member.profileId, postsCursor: null, commentsCursor: null },
        viewer,
      )
    ).body.profile;
    expect(shown.avatarUrl).toBeTruthy();
    const served = await anonymousGet(shown.avatarUrl!);
    expect(served.status).toBe(200);
    expect((await sharp(served.bytes).metadata()).format).toBe('png');
  });

  it('a new photo gets a new path and the old file is deleted', async () => {
    const member = await createMember(1);
    const first = await uploadAvatar(member, '#112233');
    const second = await uploadAvatar(member, '#445566');
    expect(second.ref).not.toBe(first.ref);
    expect(second.ref).toMatch(tokenAvatar(member.profileId));
    expect((await anonymousGet(first.url)).status).toBe(404);
    expect((await anonymousGet(second.url)).status).toBe(200);
    expect(await adminBucket().file(first.ref).exists()).toEqual([false]);
  });
});

describe('migrateAvatarPaths moves existing avatars (Storage stand-in, real Postgres)', () => {
  /** An avatar as the old code stored it: at the guessable path, referred to by the profile. */
  async function legacyAvatar(colour: string) {
    const member = await createMember(1);
    const ref = `community/profile/${member.profileId}/avatar.png`;
    const bytes = await png(colour);
    await adminBucket().file(ref).save(bytes, { resumable: false, contentType: 'image/png' });
    const db = await getDb();
    await db.updateTable('profiles').set({ avatar_ref: ref }).where('id', '=', member.profileId).execute();
    return { member, ref, bytes };
  }
  const refOf = async (profileId: number) =>
    (
      await (
        await getDb()
      )
        .selectFrom('profiles')
        .select('avatar_ref')
        .where('id', '=', profileId)
        .executeTakeFirst()
    )?.avatar_ref;

  it('copies every file to a token path, moves the reference, deletes the old file, and can run again', async () => {
    const a = await legacyAvatar('#aa0000');
    const b = await legacyAvatar('#00aa00');
    // A run cut short after the copy: the token file exists, the reference still old. It is reused.
    const cut = await legacyAvatar('#0000aa');
    const earlierCopy = `community/profile/${cut.member.profileId}/AAAAAAAAAAAAAAAAAAAAAA/avatar.png`;
    await adminBucket().file(cut.ref).copy(adminBucket().file(earlierCopy));
    // A run cut short after moving the reference: only the old file is left.
    const stray = await legacyAvatar('#333333');
    await (await getDb())
      .updateTable('profiles')
      .set({ avatar_ref: null })
      .where('id', '=', stray.member.profileId)
      .execute();
    // A reference whose file is gone already: the profile shows the default avatar, as before.
    const missing = await createMember(1);
    await (await getDb())
      .updateTable('profiles')
      .set({ avatar_ref: `community/profile/${missing.profileId}/avatar.png` })
      .where('id', '=', missing.profileId)
      .execute();

    const result = await migrateAvatarPaths(await getDb(), { batchSize: 2 });
    expect(result.failed).toBe(0);
    expect(result.moved).toBeGreaterThanOrEqual(4);
    expect(result.strayDeleted).toBeGreaterThanOrEqual(1);

    for (const { member, ref, bytes } of [a, b, cut]) {
      const moved = await refOf(member.profileId);
      expect(moved).toMatch(tokenAvatar(member.profileId));
      expect(await adminBucket().file(ref).exists()).toEqual([false]);
      expect((await anonymousGet(guessedUrl(member.profileId))).status).not.toBe(200);
      const [copied] = await adminBucket().file(moved!).download();
      expect(copied.equals(bytes)).toBe(true);
      // The web shows it: the API's avatarUrl serves the picture.
      const shown = (await call('getProfile', {}, member)).body.profile;
      expect((await anonymousGet(shown!.avatarUrl!)).status).toBe(200);
    }
    expect(await refOf(cut.member.profileId)).toBe(earlierCopy);
    expect(await adminBucket().file(stray.ref).exists()).toEqual([false]);
    expect(await refOf(missing.profileId)).toBeNull();

    const before = await refOf(a.member.profileId);
    expect(await migrateAvatarPaths(await getDb())).toEqual({ moved: 0, strayDeleted: 0, failed: 0 });
    expect(await refOf(a.member.profileId)).toBe(before);
  });
});
