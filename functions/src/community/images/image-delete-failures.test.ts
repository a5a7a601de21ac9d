import { createServer, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { RtdbServer } from '../../../../tools/rtdb/server.ts';
import { type Member, startRealtime, stopAll } from '../../../test/community.ts';
import { call, createMember } from '../../../test/helpers.ts';
import { getDb } from '../../lib/db.ts';
import { sweepImages } from './sweep-images.ts';

/**
 * Storage that misbehaves on demand: a pass-through in front of the test setup's Storage stand-in
 * that, while `mode` says so, refuses deletions (403) or never answers them (a timeout).
 */
let mode: 'ok' | 'refuse' | 'hang' = 'ok';
/** While set, only the deletion of this one file is refused. */
let refuseOnly: string | null = null;
const hanging: ServerResponse[] = [];
const target = new URL(inject('storageUrl'));
const proxy = createServer((req, res) => {
  const refused = refuseOnly !== null && decodeURIComponent(req.url ?? '').includes(refuseOnly);
  if (req.method === 'DELETE' && (mode === 'refuse' || refused)) {
    res.writeHead(403, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { code: 403, message: 'Storage says no' } }));
    return;
  }
  if (req.method === 'DELETE' && mode === 'hang') {
    hanging.push(res);
    return;
  }
  const forward = request(
    { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  forward.on('error', () => res.destroy());
  req.pipe(forward);
});

let realtime: RtdbServer;
let author: Member;

beforeAll(async () => {
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  // Before anything in this file touches Storage: firebase-admin reads it once.
  process.env.STORAGE_EMULATOR_HOST = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  realtime = await startRealtime();
  author = await createMember(1);
});

afterAll(async () => {
  for (const res of hanging) res.destroy();
  proxy.closeAllConnections();
  await new Promise((resolve) => proxy.close(resolve));
  await stopAll(realtime);
});

async function upload(): Promise<{ ref: string; url: string }> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer();
  const res = await call(
    'uploadImage',
    { kind: 'post', contentType: 'image/png', dataBase64: png.toString('base64') },
    author,
  );
  expect(res.status).toBe(200);
  return res.body;
}

const stored = async (url: string) => (await fetch(url)).status === 200;

const postWith = async (ref: string) => {
  const res = await call('createPost', { title: 'Foto', content: 'Kijk', addedImageRefs: [ref] }, author);
  expect(res.status).toBe(200);
  return res.body.post.id;
};

const recorded = async (ref: string) => {
  const db = await getDb();
  const [images, uploads] = await Promise.all([
    db.selectFrom('post_images').select('ref').where('ref', '=', ref).execute(),
    db.selectFrom('uploads').select('ref').where('ref', '=', ref).execute(),
  ]);
  return images.length + uploads.length > 0;
};

describe('removed post images when Storage fails', () => {
  it('a Storage that times out during a removal leaves the image recorded, and the sweep deletes it later', async () => {
    const image = await upload();
    const postId = await postWith(image.ref);

    mode = 'hang';
    const started = Date.now();
    expect((await call('deletePost', { postId }, author)).status).toBe(200);
    // The removal answered after the 5 s wait, without deleting the file.
    expect(Date.now() - started).toBeGreaterThanOrEqual(4_900);
    mode = 'ok';
    expect(await stored(image.url)).toBe(true);
    expect(await recorded(image.ref)).toBe(true);

    const swept = await sweepImages(await getDb(), new Date());
    expect(swept.removedPostImages).toBeGreaterThanOrEqual(1);
    expect(await stored(image.url)).toBe(false);
    expect(await recorded(image.ref)).toBe(false);
  }, 30_000);

  it("a refused delete after a moderator's removal is retried by every sweep until Storage deletes it", async () => {
    const moderator = await createMember(2);
    const image = await upload();
    const postId = await postWith(image.ref);

    mode = 'refuse';
    const removed = await call('deletePostModerator', { postId, reason: 'Niet toegestaan' }, moderator);
    expect(removed.status).toBe(200);
    expect(await stored(image.url)).toBe(true);
    expect(await recorded(image.ref)).toBe(true);

    // A sweep while Storage still refuses forgets nothing.
    await sweepImages(await getDb(), new Date());
    expect(await recorded(image.ref)).toBe(true);

    mode = 'ok';
    await sweepImages(await getDb(), new Date());
    expect(await stored(image.url)).toBe(false);
    expect(await recorded(image.ref)).toBe(false);
  }, 30_000);

  it('one file Storage keeps refusing does not hold up the rest of the sweep', async () => {
    const images = [await upload(), await upload(), await upload()].sort((a, b) => (a.ref < b.ref ? -1 : 1));
    const postIds = [];
    for (const image of images) postIds.push(await postWith(image.ref));
    mode = 'refuse';
    for (const postId of postIds) expect((await call('deletePost', { postId }, author)).status).toBe(200);
    mode = 'ok';
    // The first in the sweep's order is refused for good; batches of two: [refused, deleted], [deleted].
    const [refused, second, third] = images as [(typeof images)[0], (typeof images)[0], (typeof images)[0]];
    refuseOnly = refused.ref;
    try {
      const swept = await sweepImages(await getDb(), new Date(), { batchSize: 2, maxBatches: 100 });
      expect(swept.failed).toBe(1);
    } finally {
      refuseOnly = null;
    }
    expect(await recorded(refused.ref)).toBe(true);
    for (const image of [second, third]) {
      expect(await stored(image.url)).toBe(false);
      expect(await recorded(image.ref)).toBe(false);
    }
    await sweepImages(await getDb(), new Date());
    expect(await recorded(refused.ref)).toBe(false);
  }, 30_000);

  it('a sweep while Storage refuses everything stops after one batch', async () => {
    const images = [await upload(), await upload()];
    const postIds = [];
    for (const image of images) postIds.push(await postWith(image.ref));
    mode = 'refuse';
    try {
      for (const postId of postIds) expect((await call('deletePost', { postId }, author)).status).toBe(200);
      const swept = await sweepImages(await getDb(), new Date(), { batchSize: 1, maxBatches: 100 });
      // One batch of one tried, then the run ends: it does not wait out batch after batch.
      expect(swept).toMatchObject({ removedPostImages: 0, failed: 1 });
    } finally {
      mode = 'ok';
    }
    await sweepImages(await getDb(), new Date());
    for (const image of images) expect(await recorded(image.ref)).toBe(false);
  }, 30_000);

  it('an unattached upload whose delete fails stays recorded for the next sweep', async () => {
    const loose = await upload();
    const tomorrow = new Date(Date.now() + 25 * 3_600_000);
    mode = 'refuse';
    await sweepImages(await getDb(), tomorrow);
    expect(await recorded(loose.ref)).toBe(true);
    mode = 'ok';
    await sweepImages(await getDb(), tomorrow);
    expect(await stored(loose.url)).toBe(false);
    expect(await recorded(loose.ref)).toBe(false);
  }, 30_000);

  it("a deleted account's image that Storage refused to delete is left to the sweep, not forgotten", async () => {
    const leaving = await createMember(1);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#33aa66' } })
      .png()
      .toBuffer();
    const image = await call(
      'uploadImage',
      { kind: 'post', contentType: 'image/png', dataBase64: png.toString('base64') },
      leaving,
    );
    const post = await call(
      'createPost',
      { title: 'Weg', content: 'Straks', addedImageRefs: [image.body.ref] },
      leaving,
    );
    expect(post.status).toBe(200);

    mode = 'refuse';
    expect((await call('deleteMyAccount', { confirm: 'VERWIJDER' }, leaving)).status).toBe(200);
    mode = 'ok';
    expect(await stored(image.body.url)).toBe(true);
    expect(await recorded(image.body.ref)).toBe(true);

    await sweepImages(await getDb(), new Date(Date.now() + 25 * 3_600_000));
    expect(await stored(image.body.url)).toBe(false);
    expect(await recorded(image.body.ref)).toBe(false);
  }, 30_000);
});
