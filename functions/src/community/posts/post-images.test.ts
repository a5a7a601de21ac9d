import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RtdbServer } from '../../../../tools/rtdb/server.ts';
import { type Member, startRealtime, stopAll } from '../../../test/community.ts';
import { call, createMember } from '../../../test/helpers.ts';
import { getDb } from '../../lib/db.ts';
import { sweepImages } from '../images/sweep-images.ts';

let realtime: RtdbServer;
let author: Member;

beforeAll(async () => {
  realtime = await startRealtime();
  author = await createMember(1);
});

afterAll(() => stopAll(realtime));

/** Uploads a small picture through uploadImage; the Storage stand-in of the test setup keeps it. */
async function upload(member: Member): Promise<{ ref: string; url: string }> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#aa3366' } })
    .png()
    .toBuffer();
  const res = await call(
    'uploadImage',
    { kind: 'post', contentType: 'image/png', dataBase64: png.toString('base64') },
    member,
  );
  expect(res.status).toBe(200);
  return res.body;
}

const stored = async (url: string) => (await fetch(url)).status === 200;

const createPost = async (refs: string[]) => {
  const res = await call('createPost', { title: 'Foto', content: 'Kijk', addedImageRefs: refs }, author);
  expect(res.status).toBe(200);
  return res.body.post;
};

const edit = (postId: number, added: string[], deleted: string[]) =>
  call(
    'editPost',
    {
      postId,
      title: 'Foto',
      content: 'Kijk',
      topics: [],
      addedImageRefs: added,
      deletedImageRefs: deleted,
      articleSlug: null,
    },
    author,
  );

describe('post image files in Storage', () => {
  it('are deleted when editPost removes them, unless another live post still shows them', async () => {
    const [a, b] = await Promise.all([upload(author), upload(author)]);
    const post = await createPost([a.ref, b.ref]);
    const sharing = await createPost([b.ref]);

    expect(await stored(a.url)).toBe(true);
    const res = await edit(post.id, [], [a.ref, b.ref]);
    expect(res.status).toBe(200);
    expect(res.body.post.images).toEqual([]);
    // a is on no post any more; b is still on `sharing`.
    expect(await stored(a.url)).toBe(false);
    expect(await stored(b.url)).toBe(true);

    expect((await edit(sharing.id, [], [b.ref])).status).toBe(200);
    expect(await stored(b.url)).toBe(false);
  });

  it('removing a post (by its author) deletes its images from Storage at once', async () => {
    const [a, shared] = await Promise.all([upload(author), upload(author)]);
    const removed = await createPost([a.ref, shared.ref]);
    const keeper = await createPost([shared.ref]);
    expect((await call('deletePost', { postId: removed.id }, author)).status).toBe(200);
    expect(await stored(a.url)).toBe(false);
    // Still shown by a live post: stays.
    expect(await stored(shared.url)).toBe(true);
    expect((await call('getPost', { postId: keeper.id }, author)).body.post.images.map((i) => i.ref)).toEqual(
      [shared.ref],
    );
  });

  it("a moderator's removal deletes the post's images at once", async () => {
    const moderator = await createMember(2);
    const a = await upload(author);
    const post = await createPost([a.ref]);
    expect(await stored(a.url)).toBe(true);
    const res = await call('deletePostModerator', { postId: post.id, reason: 'Niet toegestaan' }, moderator);
    expect(res.status).toBe(200);
    expect(await stored(a.url)).toBe(false);
    // The sweep, the safety net for removals whose delete failed, finds nothing left to do for it.
    await sweepImages(await getDb(), new Date());
    expect(await stored(a.url)).toBe(false);
  });

  it('uploads never attached to a post are swept after 24 hours; attached ones stay', async () => {
    const [loose, used] = await Promise.all([upload(author), upload(author)]);
    await createPost([used.ref]);
    const db = await getDb();
    expect((await sweepImages(db, new Date(Date.now() + 23 * 3_600_000))).unattached).toBe(0);
    expect(await stored(loose.url)).toBe(true);
    const swept = await sweepImages(db, new Date(Date.now() + 25 * 3_600_000));
    expect(swept.unattached).toBeGreaterThanOrEqual(1);
    expect(await stored(loose.url)).toBe(false);
    expect(await stored(used.url)).toBe(true);
  });

  it('removing a ref whose file is already gone still succeeds', async () => {
    const post = await createPost([`community/post/${author.profileId}/nooit-geupload.webp`]);
    const res = await edit(post.id, [], [`community/post/${author.profileId}/nooit-geupload.webp`]);
    expect(res.status).toBe(200);
    expect(res.body.post.images).toEqual([]);
  });
});

describe('post image positions', () => {
  it('are renumbered on edit, so a long history of image changes cannot overflow them', async () => {
    const ref = (name: string) => `community/post/${author.profileId}/${name}.webp`;
    const post = await createPost([ref('p1'), ref('p2')]);
    const db = await getDb();
    // As after thousands of swaps: positions at the top of the smallint range.
    await sql`UPDATE post_images SET position = 32766 + (ref = ${ref('p2')})::int WHERE post_id = ${post.id}`.execute(
      db,
    );

    const res = await edit(post.id, [ref('p3')], []);
    expect(res.status).toBe(200);
    expect(res.body.post.images.map((i) => i.ref)).toEqual([ref('p1'), ref('p2'), ref('p3')]);
    const { rows } = await sql<{ position: number }>`
      SELECT position FROM post_images WHERE post_id = ${post.id} ORDER BY position
    `.execute(db);
    expect(rows.map((r) => r.position)).toEqual([0, 1, 2]);
  });
});
