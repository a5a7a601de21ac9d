import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { onValue, ref } from 'firebase/database';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getDatabase, ServerValue } from 'firebase-admin/database';
import { describe, expect, it } from 'vitest';
import {
  adminClient,
  median,
  onCleanup,
  startServer,
  watch,
  webClient,
  withTimeout,
} from './test-helpers.ts';

const KRING_RULES = resolve(import.meta.dirname, '../../database.rules.json');

describe('firebase-admin 13.9', () => {
  it('set, update, transaction, once, push, remove, increment and TIMESTAMP, bypassing the rules', async () => {
    const server = await startServer({ rulesPath: KRING_RULES });
    const db = adminClient(server.port);
    const before = Date.now();
    await db
      .ref('chat/u1/t1')
      .set({ unreadCount: 1, unreadMessageIds: { m1: true }, updatedAt: ServerValue.TIMESTAMP });
    await db.ref('chat/u1/t1').update({
      unreadCount: ServerValue.increment(2),
      'unreadMessageIds/m2': true,
      updatedAt: ServerValue.TIMESTAMP,
    });
    const thread = (await db.ref('chat/u1/t1').once('value')).val() as {
      unreadCount: number;
      unreadMessageIds: Record<string, boolean>;
      updatedAt: number;
    };
    expect(thread.unreadCount).toBe(3);
    expect(thread.unreadMessageIds).toEqual({ m1: true, m2: true });
    expect(thread.updatedAt).toBeGreaterThanOrEqual(before);

    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        db.ref('notifications/u1/unreadCount').transaction((n: number | null) => (n ?? 0) + 1),
      ),
    );
    expect(results.every((r) => r.committed)).toBe(true);
    expect((await db.ref('notifications/u1/unreadCount').get()).val()).toBe(10);

    const pushed = await db.ref('log').push({ at: ServerValue.TIMESTAMP });
    const second = await db.ref('log').push('second');
    expect(pushed.key! < second.key!).toBe(true);
    expect(Object.keys((await db.ref('log').once('value')).val() as object)).toEqual([
      pushed.key,
      second.key,
    ]);

    await db.ref('chat/u1/t1/unreadMessageIds/m1').remove();
    await db.ref('log').remove();
    expect((await db.ref('chat/u1/t1/unreadMessageIds').get()).val()).toEqual({ m2: true });
    expect((await db.ref('log').get()).exists()).toBe(false);
  });

  it('transactions over array values without local apply, newest updatedAt wins', async () => {
    const server = await startServer({ rulesPath: KRING_RULES });
    const db = adminClient(server.port);
    const { db: web } = webClient(server.port, { mockUser: { sub: 'u1', role: 1 } });
    const seen = watch(ref(web, 'chat/u1/t1'));
    type Unread = { unreadCount: number; unreadMessageIds: number[]; updatedAt: number };
    const publish = (value: Unread) =>
      db
        .ref('chat/u1/t1')
        .transaction(
          (current: Partial<Unread> | null) =>
            typeof current?.updatedAt === 'number' && current.updatedAt >= value.updatedAt
              ? undefined
              : value,
          undefined,
          false,
        );
    const states = Array.from({ length: 12 }, (_, i) => ({
      unreadCount: i + 1,
      unreadMessageIds: Array.from({ length: i + 1 }, (_, j) => 100 + j),
      updatedAt: 1000 + i,
    }));
    await Promise.all([...states].reverse().map(publish));
    expect((await db.ref('chat/u1/t1').get()).val()).toEqual(states.at(-1));
    expect(await seen.next((v) => (v as Unread | null)?.updatedAt === 1011)).toEqual(states.at(-1));
    const stale = await publish({ unreadCount: 0, unreadMessageIds: [], updatedAt: 5 });
    expect(stale.committed).toBe(false);
    await publish({ unreadCount: 0, unreadMessageIds: [], updatedAt: 2000 });
    // RTDB keeps no empty arrays: the field is absent, as in production.
    expect(await seen.next((v) => (v as Unread | null)?.updatedAt === 2000)).toEqual({
      unreadCount: 0,
      updatedAt: 2000,
    });
  });

  it('uses FIREBASE_DATABASE_EMULATOR_HOST like Cloud Functions do', async () => {
    const server = await startServer();
    process.env.FIREBASE_DATABASE_EMULATOR_HOST = `127.0.0.1:${server.port}`;
    try {
      const app = initializeApp(
        {
          projectId: 'demo-kring',
          databaseURL: 'https://demo-kring-default-rtdb.europe-west1.firebasedatabase.app',
        },
        `env-${randomUUID()}`,
      );
      onCleanup(() => deleteApp(app));
      const db = getDatabase(app);
      await db.ref('fromEnv').set('yes');
      const web = webClient(server.port).db;
      expect(await watch(ref(web, 'fromEnv')).next()).toBe('yes');
    } finally {
      delete process.env.FIREBASE_DATABASE_EMULATOR_HOST;
    }
  });

  it('databaseAuthVariableOverride makes the admin SDK obey the rules as that user', async () => {
    const server = await startServer({ rulesPath: KRING_RULES });
    await adminClient(server.port)
      .ref('chat')
      .set({ u1: { t: { unreadCount: 1 } }, u2: { t: { unreadCount: 2 } } });
    const app = initializeApp(
      {
        projectId: 'demo-kring',
        databaseURL: `http://127.0.0.1:${server.port}?ns=demo-kring-default-rtdb`,
        databaseAuthVariableOverride: { uid: 'u1', token: { role: 1 } },
      },
      `override-${randomUUID()}`,
    );
    onCleanup(() => deleteApp(app));
    const asUser = getDatabase(app);
    expect((await asUser.ref('chat/u1/t/unreadCount').get()).val()).toBe(1);
    await expect(asUser.ref('chat/u2').get()).rejects.toThrow(/permission/i);
    await expect(asUser.ref('chat/u1/t').set({ unreadCount: 0 })).rejects.toThrow(/permission/i);
  });

  it('admin write -> web listener latency over 200 writes', async () => {
    const server = await startServer({ rulesPath: KRING_RULES });
    const admin = adminClient(server.port);
    const { db } = webClient(server.port, { mockUser: { sub: 'u1', role: 1 } });
    await admin.ref('notifications/u1').set({ unreadCount: -1 });
    let resolveSeen: ((n: number) => void) | null = null;
    let expected = -1;
    const unsubscribe = onValue(ref(db, 'notifications/u1/unreadCount'), (snapshot) => {
      if (snapshot.val() === expected && resolveSeen) resolveSeen(performance.now());
    });
    onCleanup(async () => unsubscribe());
    await withTimeout(
      new Promise<number>((done) => {
        resolveSeen = done;
      }),
      5000,
      'first value',
    );

    const latencies: number[] = [];
    for (let i = 0; i < 200; i++) {
      expected = i;
      const seen = new Promise<number>((done) => {
        resolveSeen = done;
      });
      const start = performance.now();
      void admin.ref('notifications/u1/unreadCount').set(i);
      latencies.push((await withTimeout(seen, 5000, `write ${i}`)) - start);
    }
    const sorted = [...latencies].sort((a, b) => a - b);
    const p95 = sorted[Math.floor(sorted.length * 0.95)] as number;
    console.log(
      `rtdb latency admin set -> web onValue over ${latencies.length} writes: median ${median(latencies).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms, max ${(sorted.at(-1) as number).toFixed(2)} ms`,
    );
    expect(median(latencies)).toBeLessThan(50);
  });
});
