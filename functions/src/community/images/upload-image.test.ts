import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { imageRef, limits, validationMessages as m } from '@kring/contract';
import { deleteApp } from 'firebase-admin/app';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StorageServer, startStorageServer } from '../../../../tools/storage/server.ts';
import { call, callRaw, createMember, createUser, type TestUser } from '../../../test/helpers.ts';
import { limitConcurrency } from '../../lib/concurrency.ts';
import { closeDb } from '../../lib/db.ts';
import { adminApp } from '../../lib/firebase.ts';

let storage: StorageServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'kring-upload-test-'));
  storage = await startStorageServer({ port: 0, dataDir });
  process.env.STORAGE_EMULATOR_HOST = `http://127.0.0.1:${storage.port}`;
});

afterAll(async () => {
  await deleteApp(adminApp());
  await storage.close();
  rmSync(dataDir, { recursive: true, force: true });
  await closeDb();
});

/** A photo as a phone makes it: JPEG with camera make and GPS position in its EXIF block. */
const photoWithGps = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366aa' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'Kring', Model: 'TestCam' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '52/1 22/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '4/1 53/1 0/1',
      },
    })
    .toBuffer();

/** Whether an EXIF block points to a GPS directory (tag 0x8825, either byte order). */
const hasGps = (exif: Buffer | undefined) =>
  exif !== undefined &&
  (exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25])));

const upload = (
  user: TestUser,
  kind: 'avatar' | 'post',
  data: Buffer | string,
  contentType: 'image/jpeg' | 'image/png' = 'image/jpeg',
) =>
  call(
    'uploadImage',
    { kind, contentType, dataBase64: typeof data === 'string' ? data : data.toString('base64') },
    user,
  );

async function fetchImage(url: string) {
  const res = await fetch(url);
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('uploadImage', () => {
  it('lets only members with a profile upload', async () => {
    const photo = await photoWithGps(40, 40);
    const [visitor, noProfile, member, moderator] = await Promise.all([
      createUser(),
      createUser(1),
      createMember(1),
      createMember(2),
    ]);
    expect(
      (await call('uploadImage', { kind: 'post', contentType: 'image/jpeg', dataBase64: 'AA==' })).status,
    ).toBe(401);
    expect((await upload(visitor, 'post', photo)).status).toBe(403);
    expect((await upload(noProfile, 'avatar', photo)).status).toBe(403);
    expect((await upload(member, 'post', photo)).status).toBe(200);
    expect((await upload(moderator, 'avatar', photo)).status).toBe(200);
  });

  it('turns a JPEG avatar with GPS data into a 256x256 PNG without metadata, served by plain fetch', async () => {
    const member = await createMember(1);
    const photo = await photoWithGps(640, 480);
    expect(hasGps((await sharp(photo).metadata()).exif)).toBe(true);

    const res = await upload(member, 'avatar', photo);
    expect(res.status).toBe(200);
    expect(res.body.ref).toMatch(
      new RegExp(`^community/profile/${member.profileId}/[A-Za-z0-9_-]{22}/avatar\\.png$`),
    );
    const url = res.body.url;

    const { res: served, bytes } = await fetchImage(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(hasGps(meta.exif)).toBe(false);

    const profile = (await call('getProfile', {}, member)).body.profile;
    expect(profile?.avatarUrl).toBe(url);
  });

  it('turns a post photo into WebP at most 1600 px wide without metadata, under a fresh ref', async () => {
    const member = await createMember(1);
    const photo = await photoWithGps(2400, 1200);
    const [first, second] = [await upload(member, 'post', photo), await upload(member, 'post', photo)];
    expect(first.status).toBe(200);
    const ref = first.body.ref;
    expect(imageRef.safeParse(ref).success).toBe(true);
    expect(ref.startsWith(`community/post/${member.profileId}/`)).toBe(true);
    expect(second.body.ref).not.toBe(ref);

    const { res: served, bytes } = await fetchImage(first.body.url);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toContain('max-age');
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 800 });
    expect(meta.exif).toBeUndefined();
  });

  it('keeps a small post image at its own size', async () => {
    const member = await createMember(1);
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#ff000080' } })
      .png()
      .toBuffer();
    const res = await upload(member, 'post', png, 'image/png');
    const meta = await sharp((await fetchImage(res.body.url)).bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 300, height: 200 });
  });

  it('refuses a text file named .png, corrupt image data and broken base64', async () => {
    const member = await createMember(1);
    const photo = await photoWithGps(200, 200);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    for (const [data, contentType] of [
      [Buffer.from('Dit is geen afbeelding, maar een tekstbestand.\n'), 'image/png'],
      [Buffer.from(svg), 'image/png'],
      [photo.subarray(0, Math.floor(photo.length / 2)), 'image/jpeg'],
      [Buffer.concat([photo.subarray(0, 3), Buffer.alloc(500, 7)]), 'image/jpeg'],
      ['!!!geen base64!!!', 'image/png'],
      ['QUJD', 'image/png'],
    ] as const) {
      const res = await upload(member, 'avatar', data, contentType);
      expect(res.status).toBe(400);
      expect(res.body.error?.issues).toEqual([{ path: 'dataBase64', message: m.imageInvalid }]);
    }
    expect((await call('getProfile', {}, member)).body.profile).toMatchObject({ avatarUrl: null });
  });

  it('refuses an image over the size limit', async () => {
    const member = await createMember(1);
    const justOver = Buffer.concat([await photoWithGps(16, 16), Buffer.alloc(limits.imageBytesMax)]);
    const res = await upload(member, 'post', justOver.subarray(0, limits.imageBytesMax + 1));
    expect(res.status).toBe(400);
    expect(res.body.error?.issues).toEqual([{ path: 'dataBase64', message: m.imageTooLarge }]);
    const farOver = await upload(member, 'post', Buffer.alloc(limits.imageBytesMax * 2, 1));
    expect(farOver.status).toBe(400);
    expect(farOver.body.error?.issues?.[0]?.path).toBe('dataBase64');
  });

  it('refuses a small PNG that declares a huge canvas, from its header, without decoding it', async () => {
    const member = await createMember(1);
    // 10000×10000 grey: 100 megapixels in under 300 KB, far below the 5 MB limit.
    const bomb = await sharp(Buffer.alloc(10_000 * 10_000), {
      raw: { width: 10_000, height: 10_000, channels: 1 },
    })
      .png({ compressionLevel: 6, adaptiveFiltering: false })
      .toBuffer();
    expect(bomb.length).toBeLessThan(limits.imageBytesMax / 10);
    const started = performance.now();
    const results = await Promise.all(
      (['post', 'avatar', 'post', 'post'] as const).map((kind) => upload(member, kind, bomb, 'image/png')),
    );
    const elapsed = performance.now() - started;
    for (const res of results) {
      expect(res.status).toBe(400);
      expect(res.body.error?.issues).toEqual([{ path: 'dataBase64', message: m.imageTooManyPixels }]);
    }
    expect(elapsed).toBeLessThan(1_000);
  });

  it('accepts an image of exactly the pixel limit and refuses one pixel column more', async () => {
    const member = await createMember(1);
    const canvas = (width: number) =>
      sharp({ create: { width, height: 4000, channels: 3, background: '#88aa44' } })
        .png({ compressionLevel: 6, adaptiveFiltering: false })
        .toBuffer();
    expect(limits.imagePixelsMax).toBe(6000 * 4000);
    const atLimit = await upload(member, 'post', await canvas(6000), 'image/png');
    expect(atLimit.status).toBe(200);
    const meta = await sharp((await fetchImage(atLimit.body.url)).bytes).metadata();
    expect(meta).toMatchObject({ width: 1600, height: 1067 });
    const over = await upload(member, 'post', await canvas(6001), 'image/png');
    expect(over.body.error?.issues).toEqual([{ path: 'dataBase64', message: m.imageTooManyPixels }]);
  });

  it('serves many uploads at once, re-encoding two at a time while the others wait', async () => {
    const member = await createMember(1);
    const photo = await photoWithGps(800, 600);
    const results = await Promise.all(Array.from({ length: 6 }, () => upload(member, 'post', photo)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.body.ref)).size).toBe(6);

    // The limiter itself: never more than two running, and every task gets its turn in order.
    const limit = limitConcurrency(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const task = (n: number) => async () => {
      started.push(n);
      most = Math.max(most, ++running);
      await new Promise((done) => setTimeout(done, 10));
      running--;
      if (n === 3) throw new Error('a failed task frees its slot too');
      return n;
    };
    const outcomes = await Promise.allSettled([1, 2, 3, 4, 5, 6].map((n) => limit(task(n))));
    expect(most).toBe(2);
    expect(started).toEqual([1, 2, 3, 4, 5, 6]);
    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
  });

  it('answers 400 naming the field for a wrong kind, content type or missing data', async () => {
    const member = await createMember(1);
    for (const [body, field] of [
      [{ kind: 'banner', contentType: 'image/png', dataBase64: 'AA==' }, 'kind'],
      [{ kind: 'post', contentType: 'image/svg+xml', dataBase64: 'AA==' }, 'contentType'],
      [{ kind: 'post', contentType: 'image/png' }, 'dataBase64'],
      [{ kind: 'post', contentType: 'image/png', dataBase64: '' }, 'dataBase64'],
      [{ kind: 'post', contentType: 'image/png', dataBase64: 42 }, 'dataBase64'],
    ] as const) {
      const res = await callRaw('uploadImage', body, member);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error?.issues?.[0]?.path).toBe(field);
    }
  });
});
