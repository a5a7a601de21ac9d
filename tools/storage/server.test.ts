// The storage server against the real SDKs: firebase@12 (web) and firebase-admin 13 (functions).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { appendFileSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { deleteApp, type FirebaseApp, initializeApp } from 'firebase/app';
import {
  connectStorageEmulator,
  deleteObject,
  type FirebaseStorage,
  getBytes,
  getDownloadURL,
  getMetadata,
  getStorage,
  list,
  ref,
  uploadBytes,
  uploadBytesResumable,
} from 'firebase/storage';
import {
  type App,
  deleteApp as deleteAdminApp,
  initializeApp as initializeAdminApp,
} from 'firebase-admin/app';
import { getDownloadURL as adminGetDownloadURL, getStorage as getAdminStorage } from 'firebase-admin/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StorageServer, startStorageServer } from './server.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const temps: string[] = [];
const cleanups: Array<() => Promise<unknown>> = [];

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kring-storage-test-'));
  temps.push(dir);
  return dir;
}

/** firebase-admin as the functions use it; @google-cloud/storage reads STORAGE_EMULATOR_HOST when created. */
function adminBucket(server: StorageServer) {
  process.env.STORAGE_EMULATOR_HOST = server.url;
  const app: App = initializeAdminApp(
    { projectId: 'demo-kring', storageBucket: 'demo-kring.appspot.com' },
    `admin-${randomUUID()}`,
  );
  cleanups.push(() => deleteAdminApp(app));
  return getAdminStorage(app).bucket();
}

/** The web SDK as the SPA uses it, signed out or with an emulator ID token for `uid`. */
function webStorage(server: StorageServer, uid?: string): FirebaseStorage {
  const app: FirebaseApp = initializeApp(
    { apiKey: 'demo', projectId: 'demo-kring', storageBucket: 'demo-kring.appspot.com' },
    `web-${randomUUID()}`,
  );
  cleanups.push(() => deleteApp(app));
  const storage = getStorage(app);
  connectStorageEmulator(storage, '127.0.0.1', server.port, uid ? { mockUserToken: { sub: uid } } : {});
  return storage;
}

async function storageErrorCode(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    return (err as { code: string }).code;
  }
  return 'resolved';
}

afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

describe('storage server with the web and admin SDKs', () => {
  let server: StorageServer;
  let bucket: ReturnType<typeof adminBucket>;
  let anonymous: FirebaseStorage;
  let member: FirebaseStorage;

  beforeAll(async () => {
    server = await startStorageServer({ port: 0, dataDir: tempDir() });
    cleanups.push(() => server.close());
    bucket = adminBucket(server);
    anonymous = webStorage(server);
    member = webStorage(server, 'u1');
  });

  it('serves an avatar saved by admin to the web client via getDownloadURL and a plain fetch', async () => {
    expect(server.bucket).toBe('demo-kring.appspot.com');
    const path = 'community/profile/1/Qk3v9XUu0mE6yJ2bH8pL1w/avatar.png';
    await bucket
      .file(path)
      .save(PNG, { contentType: 'image/png', metadata: { cacheControl: 'public, max-age=300' } });
    expect(await bucket.file(path).exists()).toEqual([true]);

    const url = await getDownloadURL(ref(anonymous, path));
    expect(url.startsWith(`${server.url}/v0/b/demo-kring.appspot.com/o/`)).toBe(true);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG);

    const adminUrl = await adminGetDownloadURL(bucket.file(path));
    expect(Buffer.from(await (await fetch(adminUrl)).arrayBuffer())).toEqual(PNG);
    expect(Buffer.from(await getBytes(ref(member, path)))).toEqual(PNG);
    const [downloaded] = await bucket.file(path).download();
    expect(downloaded).toEqual(PNG);
  });

  it('denies every client upload, signed out or signed in, simple or resumable', async () => {
    for (const storage of [anonymous, member]) {
      for (const path of ['community/profile/u1/avatar.png', 'community/post/1/a.png', 'private/x.png']) {
        const target = ref(storage, path);
        expect(await storageErrorCode(uploadBytes(target, PNG, { contentType: 'image/png' }))).toBe(
          'storage/unauthorized',
        );
        expect(
          await storageErrorCode(uploadBytesResumable(target, PNG, { contentType: 'image/png' }).then()),
        ).toBe('storage/unauthorized');
      }
    }
    expect(await bucket.file('community/post/1/a.png').exists()).toEqual([false]);
    expect(await bucket.file('private/x.png').exists()).toEqual([false]);
  });

  it('denies client reads outside community/**, including a ../ walk out of it', async () => {
    await bucket.file('private/secret.txt').save('secret', { contentType: 'text/plain' });
    for (const storage of [anonymous, member]) {
      expect(await storageErrorCode(getBytes(ref(storage, 'private/secret.txt')))).toBe(
        'storage/unauthorized',
      );
      expect(await storageErrorCode(getDownloadURL(ref(storage, 'private/secret.txt')))).toBe(
        'storage/unauthorized',
      );
      expect(await storageErrorCode(list(ref(storage, 'private')))).toBe('storage/unauthorized');
      expect(await storageErrorCode(list(ref(storage, '')))).toBe('storage/unauthorized');
    }
    const walk = encodeURIComponent('community/../private/secret.txt');
    const res = await fetch(`${server.url}/v0/b/${server.bucket}/o/${walk}?alt=media`);
    expect(res.status).toBe(403);

    // As in production, firebase-admin can mint a download URL for any object, and the token opens it.
    const url = await adminGetDownloadURL(bucket.file('private/secret.txt'));
    expect(await (await fetch(url)).text()).toBe('secret');
  });

  it('refuses clients a listing of community folders (no enumerating images), lists any prefix for admin', async () => {
    await bucket.file('community/post/7/one.png').save(PNG, { contentType: 'image/png' });
    await bucket.file('community/post/7/two.png').save(PNG, { contentType: 'image/png' });
    await bucket.file('community/post/8/three.png').save(PNG, { contentType: 'image/png' });

    await expect(list(ref(anonymous, 'community/post'))).rejects.toMatchObject({
      code: 'storage/unauthorized',
    });
    await expect(list(ref(member, 'community/post/7'))).rejects.toMatchObject({
      code: 'storage/unauthorized',
    });
    const bytes = await getBytes(ref(anonymous, 'community/post/7/one.png'));
    expect(Buffer.from(bytes).equals(PNG)).toBe(true);

    const [files] = await bucket.getFiles({ prefix: 'community/post/' });
    expect(files.map((f) => f.name)).toEqual([
      'community/post/7/one.png',
      'community/post/7/two.png',
      'community/post/8/three.png',
    ]);
  });

  it('deletes for admin only', async () => {
    const path = 'community/post/9/gone.png';
    await bucket.file(path).save(PNG, { contentType: 'image/png' });
    expect(await storageErrorCode(deleteObject(ref(member, path)))).toBe('storage/unauthorized');
    expect(await storageErrorCode(deleteObject(ref(anonymous, path)))).toBe('storage/unauthorized');
    expect(await bucket.file(path).exists()).toEqual([true]);

    await bucket.file(path).delete();
    expect(await bucket.file(path).exists()).toEqual([false]);
    expect(await storageErrorCode(getBytes(ref(anonymous, path)))).toBe('storage/object-not-found');
  });

  it('round-trips contentType, cacheControl and custom metadata', async () => {
    const path = 'community/post/10/meta.webp';
    const file = bucket.file(path);
    await file.save(PNG, {
      contentType: 'image/webp',
      metadata: { cacheControl: 'public, max-age=31536000, immutable', metadata: { postId: '10' } },
    });
    const [adminMeta] = await file.getMetadata();
    expect(adminMeta.contentType).toBe('image/webp');
    expect(adminMeta.cacheControl).toBe('public, max-age=31536000, immutable');
    expect(adminMeta.metadata?.postId).toBe('10');

    await file.setMetadata({ cacheControl: 'no-store' });
    const webMeta = await getMetadata(ref(anonymous, path));
    expect(webMeta.contentType).toBe('image/webp');
    expect(webMeta.cacheControl).toBe('no-store');
    expect(webMeta.customMetadata?.postId).toBe('10');
    expect(webMeta.size).toBe(PNG.length);
  });

  it('answers GCS buckets.get, as the CMS upload provider asks before each upload', async () => {
    expect(await bucket.exists()).toEqual([true]);
    expect(await bucket.storage.bucket('no-such-bucket-kring').exists()).toEqual([false]);
  });

  it('refuses to load rules at runtime instead of pretending to', async () => {
    const res = await fetch(`${server.url}/internal/setRules`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        rules: { files: [{ name: 'storage.rules', content: "rules_version = '2';" }] },
      }),
    });
    expect(res.status).toBe(400);
    expect(await storageErrorCode(uploadBytes(ref(member, 'community/x.png'), PNG))).toBe(
      'storage/unauthorized',
    );
  });
});

describe('persistence', () => {
  it('keeps blobs, metadata and download tokens across a clean restart', async () => {
    const dataDir = tempDir();
    const first = await startStorageServer({ port: 0, dataDir });
    const before = adminBucket(first);
    await before.file('community/profile/u2/avatar.png').save(PNG, {
      contentType: 'image/png',
      metadata: { cacheControl: 'public, max-age=60' },
    });
    await before.file('community/post/1/a.png').save(PNG, { contentType: 'image/png' });
    await before.file('community/post/1/a.png').delete();
    await before.file('private/notes.txt').save('v1', { contentType: 'text/plain' });
    await before.file('private/notes.txt').save('v2', { contentType: 'text/plain' });
    const url = await adminGetDownloadURL(before.file('community/profile/u2/avatar.png'));
    await first.close();

    const second = await startStorageServer({ port: 0, dataDir });
    try {
      const after = adminBucket(second);
      const [meta] = await after.file('community/profile/u2/avatar.png').getMetadata();
      expect(meta.contentType).toBe('image/png');
      expect(meta.cacheControl).toBe('public, max-age=60');
      expect((await after.file('private/notes.txt').download())[0].toString()).toBe('v2');
      expect(await after.file('community/post/1/a.png').exists()).toEqual([false]);

      // The token in a stored avatar URL still opens it (only the port differs).
      const res = await fetch(url.replace(first.url, second.url));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG);
    } finally {
      await second.close();
    }
  });

  it('keeps every acknowledged write when the process is killed with SIGKILL', async () => {
    const dataDir = tempDir();
    const child = spawnCli(dataDir);
    try {
      const url = await readyUrl(child);
      const bucket = adminBucket({ url, port: Number(new URL(url).port), bucket: '', close: async () => {} });
      for (let i = 0; i < 5; i++) {
        await bucket.file(`community/post/k/${i}.png`).save(PNG, { contentType: 'image/png' });
      }
      await bucket.file('community/post/k/0.png').delete();
      await bucket.file('community/post/k/1.png').setMetadata({ cacheControl: 'max-age=5' });
    } finally {
      child.kill('SIGKILL');
      await new Promise((done) => child.once('exit', done));
    }

    const restarted = await startStorageServer({ port: 0, dataDir });
    try {
      const [files] = await adminBucket(restarted).getFiles({ prefix: 'community/post/k/' });
      expect(files.map((f) => f.name)).toEqual([1, 2, 3, 4].map((i) => `community/post/k/${i}.png`));
      const [meta] = await adminBucket(restarted).file('community/post/k/1.png').getMetadata();
      expect(meta.cacheControl).toBe('max-age=5');
    } finally {
      await restarted.close();
    }
  });
});

describe('recovery from a kill in the middle of a save', () => {
  it('ignores a journal line cut short and removes blobs the journal never recorded', async () => {
    const dataDir = tempDir();
    const first = await startStorageServer({ port: 0, dataDir });
    await adminBucket(first).file('community/post/2/kept.png').save(PNG, { contentType: 'image/png' });
    await first.close();
    appendFileSync(join(dataDir, 'journal.jsonl'), '{"put":"demo-kring.appspot.com/community/post/2/half');
    writeFileSync(
      join(dataDir, 'blobs', 'orphan'),
      'linked by a save that was killed before its journal write',
    );

    const warnings: string[] = [];
    const second = await startStorageServer({ port: 0, dataDir, log: (line) => warnings.push(line) });
    try {
      const [files] = await adminBucket(second).getFiles();
      expect(files.map((f) => f.name)).toEqual(['community/post/2/kept.png']);
      expect(existsSync(join(dataDir, 'blobs', 'orphan'))).toBe(false);
      expect(warnings.some((w) => w.includes('unreadable'))).toBe(true);
      expect(readdirSync(join(dataDir, 'blobs'))).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});

function spawnCli(dataDir: string): ChildProcess {
  // tsx as a loader, not its CLI: the CLI is a wrapper process, and SIGKILL must hit the server itself.
  const main = fileURLToPath(new URL('./main.ts', import.meta.url));
  return spawn(process.execPath, ['--import', 'tsx', main, '--port', '0', '--data', dataDir], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

function readyUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolveUrl, reject) => {
    child.once('exit', (code) => reject(new Error(`storage CLI exited with ${code} before it was ready`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /^storage: ready on (\S+)/.exec(line);
      if (match?.[1]) resolveUrl(match[1]);
    });
  });
}
