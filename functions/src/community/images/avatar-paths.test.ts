// Issue 21 item 4: member photos could be harvested without signing in (public reads of community/**,
// avatars at community/profile/{sequential id}/avatar.png). Avatars now live under a random 128-bit
// segment; existing ones are moved by migrateAvatarPaths (scripts/migrate-avatar-paths.ts).

import type { File } from '@google-cloud/storage';
import { deleteApp } from 'firebase-admin/app';
import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { call, createMember } from '../../../test/helpers.ts';
import { closeDb, getDb } from '../../lib/db.ts';
import { adminApp, adminBucket, publicFileUrl } from '../../lib/firebase.ts';
import { migrateAvatarPaths } from './avatar-paths.ts';
import { sweepImages } from './sweep-images.ts';
import { recordUpload } from './uploads.repo.ts';

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

describe('a deleted or replaced photo does not live on in caches', () => {
  it('an avatar is cacheable for an hour at most, as before the token paths', async () => {
    const member = await createMember(1);
    const { url } = await uploadAvatar(member);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    const cacheControl = res.headers.get('cache-control') ?? '';
    const maxAge = Number(/max-age=(\d+)/.exec(cacheControl)?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(3600);
    expect(cacheControl).not.toContain('immutable');
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

  /** File methods of the Storage client, to run a member's upload at an exact step of the migration. */
  const fileProto = () => Object.getPrototypeOf(adminBucket().file('x')) as File;

  it('a member who uploads a new photo right after the migration checked the old file keeps it', async () => {
    const old = await legacyAvatar('#aa0000');
    let fresh: Awaited<ReturnType<typeof uploadAvatar>> | undefined;
    let triggered = false;
    const exists = fileProto().exists;
    const spy = vi.spyOn(fileProto(), 'exists').mockImplementation(async function (this: File, ...args) {
      const answer = await (exists as (...a: unknown[]) => Promise<[boolean]>).apply(this, args);
      if (this.name === old.ref && !triggered) {
        triggered = true;
        fresh = await uploadAvatar(old.member, '#00ff00');
      }
      return answer;
    } as File['exists']);
    let ran: Awaited<ReturnType<typeof migrateAvatarPaths>>;
    try {
      ran = await migrateAvatarPaths(await getDb());
    } finally {
      spy.mockRestore();
    }
    expect(fresh).toBeDefined();
    // Nothing failed: the old file went with the member's replacement, there was nothing to move.
    expect(ran.failed).toBe(0);
    expect(await refOf(old.member.profileId)).toBe(fresh!.ref);
    const shown = (await call('getProfile', {}, old.member)).body.profile;
    expect((await anonymousGet(shown!.avatarUrl!)).status).toBe(200);
    expect(await adminBucket().file(old.ref).exists()).toEqual([false]);
  });

  it('a member whose upload is stored but not yet saved on the profile when the migration runs keeps it', async () => {
    const old = await legacyAvatar('#aa0000');
    let ran: Awaited<ReturnType<typeof migrateAvatarPaths>> | undefined;
    const save = fileProto().save;
    const spy = vi.spyOn(fileProto(), 'save').mockImplementation(async function (this: File, ...args) {
      await (save as (...a: unknown[]) => Promise<void>).apply(this, args);
      // The upload's file is in Storage; the profile still points at the old path: the migration runs.
      if (!ran && this.name.startsWith(`community/profile/${old.member.profileId}/`)) {
        ran = await migrateAvatarPaths(await getDb());
      }
    } as File['save']);
    let fresh: Awaited<ReturnType<typeof uploadAvatar>>;
    try {
      fresh = await uploadAvatar(old.member, '#00ff00');
    } finally {
      spy.mockRestore();
    }
    expect(ran?.failed).toBe(0);
    expect(await refOf(old.member.profileId)).toBe(fresh.ref);
    const shown = (await call('getProfile', {}, old.member)).body.profile;
    expect(shown!.avatarUrl).toBe(fresh.url);
    expect((await anonymousGet(fresh.url)).status).toBe(200);
    // Nothing of the old photo is left: not the old file, not a copy under another token.
    const [files] = await adminBucket().getFiles({ prefix: `community/profile/${old.member.profileId}/` });
    expect(files.map((f) => f.name)).toEqual([fresh.ref]);
  });

  it('copies every file to a token path, moves the reference, deletes the old file, and can run again', async () => {
    const a = await legacyAvatar('#aa0000');
    const b = await legacyAvatar('#00aa00');
    // A run cut short after the copy: the token file exists (recorded as an upload), the reference
    // still old. The next run makes a copy of its own; the image sweep deletes the orphan a day later.
    const cut = await legacyAvatar('#0000aa');
    const earlierCopy = `community/profile/${cut.member.profileId}/AAAAAAAAAAAAAAAAAAAAAA/avatar.png`;
    await recordUpload(await getDb(), earlierCopy, cut.member.profileId);
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
    expect(await refOf(cut.member.profileId)).not.toBe(earlierCopy);
    await sweepImages(await getDb(), new Date(Date.now() + 25 * 3_600_000));
    expect(await adminBucket().file(earlierCopy).exists()).toEqual([false]);
    // The sweep leaves every avatar in use alone (the migration's copies are no uploads once moved).
    for (const { member } of [a, b, cut]) {
      expect(
        await adminBucket()
          .file((await refOf(member.profileId))!)
          .exists(),
      ).toEqual([true]);
    }
    expect(await adminBucket().file(stray.ref).exists()).toEqual([false]);
    expect(await refOf(missing.profileId)).toBeNull();

    const before = await refOf(a.member.profileId);
    expect(await migrateAvatarPaths(await getDb())).toEqual({ moved: 0, strayDeleted: 0, failed: 0 });
    expect(await refOf(a.member.profileId)).toBe(before);
  });
});
