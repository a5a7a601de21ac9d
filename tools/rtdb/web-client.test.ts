import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  child,
  endAt,
  equalTo,
  get,
  goOffline,
  increment,
  limitToFirst,
  limitToLast,
  off,
  onDisconnect,
  onValue,
  orderByChild,
  orderByKey,
  orderByValue,
  push,
  query,
  ref,
  remove,
  runTransaction,
  serverTimestamp,
  set,
  startAfter,
  startAt,
  update,
} from 'firebase/database';
import { describe, expect, it } from 'vitest';
import { startRtdbServer } from './server.ts';
import { adminClient, onCleanup, sleep, startServer, watch, webClient, withTimeout } from './test-helpers.ts';

describe('firebase@12 web client', () => {
  it('onValue sees set and update, with increment() and serverTimestamp() resolved by the server', async () => {
    const server = await startServer();
    const { db } = webClient(server.port);
    const other = webClient(server.port).db;
    const seen = watch(ref(other, 'counters/u1'));
    await seen.next((v) => v === null);

    await set(ref(db, 'counters/u1'), { unreadCount: 1 });
    await seen.next((v) => (v as { unreadCount: number } | null)?.unreadCount === 1);

    const before = Date.now();
    await update(ref(db, 'counters/u1'), { unreadCount: increment(4), updatedAt: serverTimestamp() });
    const value = (await seen.next((v) => (v as { unreadCount: number } | null)?.unreadCount === 5)) as {
      updatedAt: number;
    };
    expect(value.updatedAt).toBeGreaterThanOrEqual(before);
    expect(value.updatedAt).toBeLessThanOrEqual(Date.now());

    await set(ref(db, 'counters/u1/unreadCount'), increment(-2));
    expect((await get(ref(other, 'counters/u1/unreadCount'))).val()).toBe(3);
  });

  it('runTransaction commits atomically under contention from several clients', async () => {
    const server = await startServer();
    const clients = [webClient(server.port).db, webClient(server.port).db, webClient(server.port).db];
    await set(ref(clients[0]!, 'tx/count'), 0);
    const results = await Promise.all(
      clients.flatMap((db) =>
        Array.from({ length: 5 }, () =>
          runTransaction(ref(db, 'tx/count'), (n: number | null) => (n ?? 0) + 1),
        ),
      ),
    );
    expect(results.every((r) => r.committed)).toBe(true);
    expect((await get(ref(clients[1]!, 'tx/count'))).val()).toBe(15);

    // Aborting (returning undefined) leaves the data alone.
    const aborted = await runTransaction(ref(clients[2]!, 'tx/count'), () => undefined);
    expect(aborted.committed).toBe(false);
    // A transaction on an object with numeric-looking keys: the hashes must agree with the SDK.
    await set(ref(clients[0]!, 'tx/list'), { 1: 'a', 2: 'b', 10: 'c', x: { 3: true, y: 1.5 } });
    const list = await runTransaction(ref(clients[1]!, 'tx/list'), (v: Record<string, unknown> | null) => ({
      ...v,
      11: 'd',
    }));
    expect(list.committed).toBe(true);
    expect((await get(ref(clients[2]!, 'tx/list/11'))).val()).toBe('d');
  });

  it('get() reads without a listener; push() creates ordered children; remove() deletes', async () => {
    const server = await startServer();
    const { db } = webClient(server.port);
    expect((await get(ref(db, 'nothing/here'))).exists()).toBe(false);
    const first = push(ref(db, 'items'), { n: 1 });
    const second = push(ref(db, 'items'), { n: 2 });
    await Promise.all([first, second]);
    const reader = webClient(server.port).db;
    const items = (await get(ref(reader, 'items'))).val() as Record<string, { n: number }>;
    expect(Object.keys(items)).toEqual([first.key, second.key].sort());
    await remove(ref(db, 'items'));
    expect((await get(ref(reader, 'items'))).val()).toBeNull();
  });

  it('off() / unsubscribe stops events', async () => {
    const server = await startServer();
    const writer = adminClient(server.port);
    const { db } = webClient(server.port);
    const values: unknown[] = [];
    const target = ref(db, 'offtest');
    const callback = onValue(target, (s) => values.push(s.val()));
    await writer.ref('offtest').set(1);
    await withTimeout(
      (async () => {
        while (!values.includes(1)) await sleep(5);
      })(),
      3000,
      'first value',
    );
    callback();
    const legacy = (s: { val(): unknown }) => values.push(`legacy:${String(s.val())}`);
    onValue(target, legacy);
    await withTimeout(
      (async () => {
        while (!values.includes('legacy:1')) await sleep(5);
      })(),
      3000,
      'legacy listener',
    );
    off(target, 'value', legacy);
    const count = values.length;
    await writer.ref('offtest').set(2);
    await sleep(200);
    expect(values.length).toBe(count);
  });

  it('onDisconnect set/update/remove run when the socket closes, cancel() withdraws one', async () => {
    const server = await startServer();
    const observer = adminClient(server.port);
    await observer.ref('presence').set({ gone: 'yes', status: 'online', keep: 'me' });
    const { db } = webClient(server.port);
    await onDisconnect(ref(db, 'presence/status')).set('offline');
    await onDisconnect(ref(db, 'presence/meta')).update({ lastSeen: serverTimestamp(), tabs: increment(-1) });
    await onDisconnect(ref(db, 'presence/gone')).remove();
    await onDisconnect(ref(db, 'presence/keep')).set('overwritten');
    await onDisconnect(ref(db, 'presence/keep')).cancel();
    expect((await observer.ref('presence/status').get()).val()).toBe('online');

    const before = Date.now();
    goOffline(db);
    const deadline = Date.now() + 3000;
    let presence: Record<string, unknown> | null = null;
    while (Date.now() < deadline) {
      presence = (await observer.ref('presence').get()).val() as Record<string, unknown>;
      if (presence?.status === 'offline') break;
      await sleep(20);
    }
    expect(presence).toMatchObject({ status: 'offline', keep: 'me', meta: { tabs: -1 } });
    expect(presence).not.toHaveProperty('gone');
    expect((presence?.meta as { lastSeen: number } | undefined)?.lastSeen).toBeGreaterThanOrEqual(before);
  });

  it('queries: orderByChild/Key/Value with limitToFirst/Last, startAt/endAt/startAfter/equalTo, live', async () => {
    const server = await startServer();
    const admin = adminClient(server.port);
    await admin.ref('scores').set({
      ann: { score: 30, team: 'red' },
      bob: { score: 10, team: 'blue' },
      cat: { score: 20, team: 'red' },
      dan: { score: 40, team: 'blue' },
    });
    const { db } = webClient(server.port);
    const scores = ref(db, 'scores');
    const keys = (v: unknown) => Object.keys((v ?? {}) as object).sort();

    const top2 = watch(query(scores, orderByChild('score'), limitToLast(2)));
    expect(keys(await top2.next())).toEqual(['ann', 'dan']);
    const low2 = watch(query(scores, orderByChild('score'), limitToFirst(2)));
    expect(keys(await low2.next())).toEqual(['bob', 'cat']);

    // A new high score enters the top-2 window; the server sends the new window.
    await admin.ref('scores/eve').set({ score: 50, team: 'red' });
    expect(keys(await top2.next((v) => keys(v).includes('eve')))).toEqual(['dan', 'eve']);
    await admin.ref('scores/bob').remove();
    expect(keys(await low2.next((v) => !keys(v).includes('bob')))).toEqual(['ann', 'cat']);

    const range = await get(query(scores, orderByChild('score'), startAt(20), endAt(40)));
    expect(keys(range.val())).toEqual(['ann', 'cat', 'dan']);
    const after = await get(query(scores, orderByChild('score'), startAfter(30)));
    expect(keys(after.val())).toEqual(['dan', 'eve']);
    const red = await get(query(scores, orderByChild('team'), equalTo('red')));
    expect(keys(red.val())).toEqual(['ann', 'cat', 'eve']);
    const byKey = await get(query(scores, orderByKey(), startAt('c'), limitToFirst(2)));
    expect(keys(byKey.val())).toEqual(['cat', 'dan']);

    await admin.ref('levels').set({ a: 3, b: 1, c: 2 });
    const lowest = watch(query(ref(db, 'levels'), orderByValue(), limitToFirst(1)));
    expect(await lowest.next()).toEqual({ b: 1 });
    await admin.ref('levels/d').set(0);
    expect(await lowest.next((v) => JSON.stringify(v) === '{"d":0}')).toEqual({ d: 0 });

    // Snapshot order follows the index, as computed by the SDK from the server's window.
    const ordered: string[] = [];
    (await get(query(scores, orderByChild('score')))).forEach((c) => {
      ordered.push(c.key as string);
    });
    expect(ordered).toEqual(['cat', 'ann', 'dan', 'eve']);
  });

  it('large payloads cross in split frames both ways (> 16,384 chars)', async () => {
    const server = await startServer();
    const writer = webClient(server.port).db;
    const reader = webClient(server.port).db;
    const big = { text: 'x'.repeat(100_000), list: Array.from({ length: 2000 }, (_, i) => `item-${i}`) };
    const seen = watch(ref(reader, 'big'));
    await set(ref(writer, 'big'), big);
    const value = (await seen.next((v) => v !== null)) as typeof big;
    expect(value.text.length).toBe(100_000);
    expect(value.list).toHaveLength(2000);
    expect((await get(child(ref(webClient(server.port).db), 'big/list/1999'))).val()).toBe('item-1999');
  });

  it('reconnects after the server restarts: listeners resume and queued writes are delivered', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rtdb-reconnect-'));
    let server = await startRtdbServer({ port: 0, dataDir });
    const port = server.port;
    onCleanup(() => server.close());
    const { db } = webClient(port);
    const seen = watch(ref(db, 'status'));
    const admin = adminClient(port);
    await admin.ref('status').set('before');
    await seen.next((v) => v === 'before');

    await server.close();
    // Written while the server is down: the SDK buffers it and sends it after reconnecting.
    const queued = set(ref(db, 'queued'), 'sent while offline');
    await sleep(100);
    server = await startRtdbServer({ port, dataDir });

    await admin.ref('status').set('after');
    await seen.next((v) => v === 'after', 10_000);
    await withTimeout(queued, 10_000, 'queued write');
    expect((await admin.ref('queued').get()).val()).toBe('sent while offline');
    expect((await admin.ref('status').get()).val()).toBe('after');
  });

  it('keeps namespaces apart', async () => {
    const server = await startServer();
    const a = webClient(server.port, { ns: 'one' }).db;
    const b = webClient(server.port, { ns: 'two' }).db;
    await set(ref(a, 'x'), 'in one');
    expect((await get(ref(b, 'x'))).val()).toBeNull();
    expect((await get(ref(webClient(server.port, { ns: 'one' }).db, 'x'))).val()).toBe('in one');
  });
});
