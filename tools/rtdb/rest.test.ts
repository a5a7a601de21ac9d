import { resolve } from 'node:path';
import { ref } from 'firebase/database';
import { describe, expect, it } from 'vitest';
import { adminClient, startServer, unsignedToken, watch, webClient } from './test-helpers.ts';

const KRING_RULES = resolve(import.meta.dirname, '../../database.rules.json');
const OWNER = { Authorization: 'Bearer owner' };

async function call(url: string, init: RequestInit = {}) {
  const res = await fetch(url, init);
  const text = await res.text();
  return { status: res.status, text, json: text ? (JSON.parse(text) as unknown) : undefined };
}

const idToken = (uid: string) => unsignedToken({ sub: uid, user_id: uid, iat: 0, role: 1 });

describe('REST API', () => {
  it('PUT, GET, PATCH, POST and DELETE /{path}.json, seen by SDK listeners', async () => {
    const server = await startServer();
    const base = server.url;
    const listener = watch(ref(webClient(server.port).db, 'x'));
    const put = await call(`${base}/x/a.json?ns=demo-kring-default-rtdb`, {
      method: 'PUT',
      headers: OWNER,
      body: JSON.stringify({ n: 1, at: { '.sv': 'timestamp' }, list: ['p', 'q'] }),
    });
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({ n: 1, list: ['p', 'q'] });
    expect(typeof (put.json as { at: number }).at).toBe('number');

    const patch = await call(`${base}/x/a.json`, {
      method: 'PATCH',
      headers: OWNER,
      body: JSON.stringify({ n: { '.sv': { increment: 4 } }, 'deep/er': true }),
    });
    expect(patch.json).toEqual({ n: 5, 'deep/er': true });

    const post = await call(`${base}/x/list.json`, { method: 'POST', headers: OWNER, body: '"pushed"' });
    const name = (post.json as { name: string }).name;
    expect(name).toMatch(/^[-\w]{20}$/);

    const get = await call(`${base}/x.json?auth=owner`);
    expect(get.json).toMatchObject({ a: { n: 5, deep: { er: true } }, list: { [name]: 'pushed' } });
    const shallow = await call(`${base}/x.json?shallow=true&access_token=owner`);
    expect(shallow.json).toEqual({ a: true, list: true });
    const pretty = await call(`${base}/x/a/n.json?print=pretty`, { headers: OWNER });
    expect(pretty.text).toBe('5');
    const prettyObject = await call(`${base}/x/a/deep.json?print=pretty`, { headers: OWNER });
    expect(prettyObject.text).toBe('{\n  "er": true\n}');

    const silent = await call(`${base}/x/s.json?print=silent`, { method: 'PUT', headers: OWNER, body: '1' });
    expect(silent.status).toBe(204);

    const del = await call(`${base}/x/list.json`, { method: 'DELETE', headers: OWNER });
    expect(del.status).toBe(200);
    expect(del.json).toBeNull();
    expect(await listener.next((v) => v !== null && !('list' in (v as object)))).toMatchObject({
      a: { n: 5 },
    });
  });

  it('applies rules to tokens given as auth=, access_token= or Authorization: Bearer', async () => {
    const server = await startServer({ rulesPath: KRING_RULES });
    await adminClient(server.port).ref('chat/u1/t1/unreadCount').set(4);
    const base = server.url;
    expect((await call(`${base}/chat/u1.json`)).status).toBe(401);
    expect((await call(`${base}/chat/u1.json?auth=${idToken('u1')}`)).json).toEqual({
      t1: { unreadCount: 4 },
    });
    expect((await call(`${base}/chat/u1/t1.json?access_token=${idToken('u1')}`)).status).toBe(200);
    const bearer = { Authorization: `Bearer ${idToken('u1')}` };
    expect((await call(`${base}/chat/u1/t1/unreadCount.json`, { headers: bearer })).json).toBe(4);
    expect((await call(`${base}/chat/u2.json`, { headers: bearer })).status).toBe(401);
    const write = await call(`${base}/chat/u1/t1/unreadCount.json`, {
      method: 'PUT',
      headers: bearer,
      body: '0',
    });
    expect(write.status).toBe(401);
    expect(write.json).toEqual({ error: 'Permission denied' });
    expect((await call(`${base}/chat/u1.json?auth=not-a-token`)).status).toBe(401);
    expect((await call(`${base}/.json`, { headers: OWNER })).json).toEqual({
      chat: { u1: { t1: { unreadCount: 4 } } },
    });
  });

  it('supports REST queries, namespaces, bad input and the rules endpoint', async () => {
    const server = await startServer({ rulesPath: KRING_RULES });
    const base = server.url;
    await call(`${base}/s.json`, {
      method: 'PUT',
      headers: OWNER,
      body: JSON.stringify({ a: { v: 3 }, b: { v: 1 }, c: { v: 2 } }),
    });
    const lowest = await call(`${base}/s.json?orderBy=${encodeURIComponent('"v"')}&limitToFirst=2`, {
      headers: OWNER,
    });
    expect(Object.keys(lowest.json as object).sort()).toEqual(['b', 'c']);
    const keys = await call(
      `${base}/s.json?orderBy=${encodeURIComponent('"$key"')}&startAt=${encodeURIComponent('"b"')}`,
      {
        headers: OWNER,
      },
    );
    expect(Object.keys(keys.json as object).sort()).toEqual(['b', 'c']);

    await call(`${base}/only.json?ns=other-ns`, { method: 'PUT', headers: OWNER, body: '"other"' });
    expect((await call(`${base}/only.json`, { headers: OWNER })).json).toBeNull();
    expect((await call(`${base}/only.json?ns=other-ns`, { headers: OWNER })).json).toBe('other');
    expect((await call(`${base}/x.json?ns=../../etc`, { headers: OWNER })).status).toBe(400);
    expect((await call(`${base}/x.json`, { method: 'PUT', headers: OWNER, body: '{nope' })).status).toBe(400);
    expect((await call(`${base}/x.json`, { method: 'PUT', headers: OWNER, body: '{"a.b":1}' })).status).toBe(
      400,
    );

    const rules = await call(`${base}/.settings/rules.json`, { headers: OWNER });
    expect(rules.json).toMatchObject({ rules: { '.read': false } });
    expect((await call(`${base}/.settings/rules.json`)).status).toBe(401);
    const open = JSON.stringify({ rules: { '.read': true } });
    expect(
      (await call(`${base}/.settings/rules.json`, { method: 'PUT', headers: OWNER, body: open })).status,
    ).toBe(200);
    expect((await call(`${base}/s/a/v.json`)).json).toBe(3);
    const broken = await call(`${base}/.settings/rules.json`, {
      method: 'PUT',
      headers: OWNER,
      body: '{"rules":{".read":"x("}}',
    });
    expect(broken.status).toBe(400);
  });
});
