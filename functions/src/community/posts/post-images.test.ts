import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RtdbServer } from '../../../../tools/rtdb/server.ts';
import { call, createMember } from '../../../test/helpers.ts';
import { getDb } from '../../lib/db.ts';
import { type Member, startRealtime, stopAll } from '../test-support.ts';

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
  it('are deleted when editPost removes them, unless another post (also a deleted one) still shows them', async () => {
    const [a, b, c] = await Promise.all([upload(author), upload(author), upload(author)]);
    const post = await createPost([a.ref, b.ref]);
    const sharing = await createPost([b.ref]);
    const removed = await createPost([c.ref]);
    expect((await call('deletePost', { postId: removed.id }, author)).status).toBe(200);

    expect(await stored(a.url)).toBe(true);
    const res = await edit(post.id, [c.ref], [a.ref, b.ref]);
    expect(res.status).toBe(200);
    expect(res.body.post.images.map((i) => i.ref)).toEqual([c.ref]);
    // a is on no post any more; b is still on `sharing`.
    expect(await stored(a.url)).toBe(false);
    expect(await stored(b.url)).toBe(true);

    // Authors and moderators still see a deleted post, images included, so those files stay.
    expect(await stored(c.url)).toBe(true);
    expect((await edit(post.id, [], [c.ref])).status).toBe(200);
    expect(await stored(c.url)).toBe(true);

    expect((await edit(sharing.id, [], [b.ref])).status).toBe(200);
    expect(await stored(b.url)).toBe(false);
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
