import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { get, onDisconnect, ref, runTransaction, serverTimestamp, set, update } from 'firebase/database';
import { describe, expect, it } from 'vitest';
import { Rules, RulesError } from './rules.ts';
import { compileExpression, evaluateRule, Snapshot, toRuleValue } from './rules-expression.ts';
import { adminClient, sleep, startServer, watch, webClient } from './test-helpers.ts';
import { emptyObject, type Json, toStored } from './tree.ts';

const RICH_RULES = resolve(import.meta.dirname, 'fixtures/rich-rules.jsonc');
const KRING_RULES = resolve(import.meta.dirname, '../../database.rules.json');
const rich = Rules.parse(readFileSync(RICH_RULES, 'utf8'));

const user = (uid: string, claims: Record<string, unknown> = {}) => ({
  admin: false as const,
  auth: toRuleValue({ uid, provider: 'custom', token: { sub: uid, user_id: uid, ...claims } }),
});
const signedOut = { admin: false as const, auth: null };
const tree = (value: unknown): Json => toStored(value, null, 0);

function expr(source: string, vars: Record<string, string> = {}, data: unknown = null): boolean {
  const root = tree(data);
  return evaluateRule(compileExpression(source, new Set(Object.keys(vars))), {
    auth: toRuleValue({ uid: 'u1', token: { role: 2, email: 'A@Example.nl', tags: ['x'] } }),
    now: 1000,
    root: new Snapshot(root, []),
    data: new Snapshot(root, []),
    newData: new Snapshot(root, []),
    vars: new Map(Object.entries(vars)),
  });
}

describe('rules expression language', () => {
  it('evaluates operators, precedence, literals and variables', () => {
    expect(expr('true && !false')).toBe(true);
    expect(expr('1 + 2 * 3 == 7 && (1 + 2) * 3 == 9 && 7 % 4 == 3 && 10 / 4 == 2.5')).toBe(true);
    expect(expr('-2 < -1 && 2 >= 2 && 3 > 2 && 2 <= 2 && "a" < "b"')).toBe(true);
    expect(expr("auth.uid === 'u1' && auth.uid !== 'u2' && auth.uid != null")).toBe(true);
    expect(expr('auth.token.role >= 2 ? true : false')).toBe(true);
    expect(expr("$uid == 'u1' && auth.uid == $uid", { $uid: 'u1' })).toBe(true);
    expect(expr('now == 1000')).toBe(true);
    expect(expr("auth.token['role'] == 2 && auth['uid'] == 'u1'")).toBe(true);
    expect(expr("'id-' + 5 == 'id-5'")).toBe(true);
    expect(expr('false || true && false')).toBe(false);
  });

  it('has the snapshot and string methods', () => {
    const data = { a: { b: 1, s: 'Hello World', t: true }, n: 2 };
    expect(expr("data.child('a/b').val() == 1 && data.child('a').child('b').isNumber()", {}, data)).toBe(
      true,
    );
    expect(
      expr("data.hasChild('a/s') && !data.hasChild('zz') && data.hasChildren(['a', 'n'])", {}, data),
    ).toBe(true);
    expect(expr("data.child('a').hasChildren() && !data.child('n').hasChildren()", {}, data)).toBe(true);
    expect(
      expr("data.child('a/s').isString() && data.child('a/t').isBoolean() && data.exists()", {}, data),
    ).toBe(true);
    expect(expr("data.child('a/b').parent().parent().child('n').val() == 2", {}, data)).toBe(true);
    expect(expr("root.child('missing').exists() == false && data.child('x').val() == null", {}, data)).toBe(
      true,
    );
    expect(expr("data.child('a').getPriority() == null", {}, data)).toBe(true);
    expect(expr("auth.token.email.toLowerCase() == 'a@example.nl' && auth.token.email.length == 12")).toBe(
      true,
    );
    expect(
      expr(
        "auth.token.email.contains('@') && auth.token.email.beginsWith('A') && auth.token.email.endsWith('.nl')",
      ),
    ).toBe(true);
    expect(expr("auth.token.email.replace('Example', 'x').toUpperCase() == 'A@X.NL'")).toBe(true);
    expect(expr('auth.token.email.matches(/^a@example\\.nl$/i) && !auth.uid.matches(/^x/)')).toBe(true);
  });

  it('denies (never throws) when evaluation fails', () => {
    expect(expr('auth.token.missing.deeper == 1')).toBe(false);
    expect(expr('auth.token.role > "1"')).toBe(false);
    expect(expr('data.val() == 1 || data == 1')).toBe(false);
    expect(expr('1')).toBe(false);
    expect(expr('auth.token.email')).toBe(false);
    expect(expr('!(auth.token.nope > 1)')).toBe(false);
  });

  it('rejects bad rule files with a message that names the location', () => {
    expect(() => Rules.parse('{ "rules": { "a": { ".read": "evil()" } } }')).toThrow(RulesError);
    expect(() => Rules.parse('{ "rules": { "a": { ".read": "process.exit()" } } }')).toThrow(
      /unknown variable process/,
    );
    expect(() => Rules.parse('{ "rules": { "a": { ".read": "$uid == 1" } } }')).toThrow(/rules\/a\/\.read/);
    expect(() => Rules.parse('{ "rules": { "$a": {}, "$b": {} } }')).toThrow(/one \$wildcard/);
    expect(() => Rules.parse('{ "rules": { "a": { ".read": "1 +" } } }')).toThrow(RulesError);
    expect(() => Rules.parse('{ "rules": { "a": { ".reed": true } } }')).toThrow(/unknown rule type/);
    expect(() => Rules.parse('{ "nope": {} }')).toThrow(RulesError);
    // Comments outside strings are stripped; "//" inside a string is content.
    const commented = Rules.parse('{ "rules": { /* c */ ".read": "\'a//b\' == \'a//b\'" // end\n } }');
    expect(commented.canRead(signedOut, null, ['x'], 0)).toBe(true);
  });
});

describe('rules engine on a rich fixture', () => {
  const now = Date.now();
  const state = tree({ posts: { p1: { author: 'u1', title: 'Hi' } }, members: { u1: true } });

  it('reads cascade from a parent grant and stop at ungranted parents', () => {
    expect(rich.canRead(signedOut, state, ['posts'], now)).toBe(true);
    expect(rich.canRead(signedOut, state, ['posts', 'p1', 'title'], now)).toBe(true);
    expect(rich.canRead(user('u1'), state, [], now)).toBe(false);
    expect(rich.canRead(user('u1'), state, ['chat', 'u1', 't1'], now)).toBe(true);
    expect(rich.canRead(user('u1'), state, ['chat', 'u2'], now)).toBe(false);
    expect(rich.canRead(user('u1'), state, ['chat'], now)).toBe(false);
    expect(rich.canRead(user('u1'), state, ['memberOnly'], now)).toBe(true);
    expect(rich.canRead(user('u2'), state, ['memberOnly'], now)).toBe(false);
  });

  it('role claims gate reads and writes', () => {
    expect(rich.canRead(user('m', { role: 2 }), state, ['moderation', 'queue'], now)).toBe(true);
    expect(rich.canRead(user('m', { role: 1 }), state, ['moderation'], now)).toBe(false);
    expect(rich.canRead(user('m'), state, ['moderation'], now)).toBe(false);
    const write = (who: ReturnType<typeof user>) =>
      rich.canWrite(who, state, tree({ ...toPlain(state), moderation: { flag: 1 } }), [['moderation']], now);
    expect(write(user('m', { role: 3 }))).toBe(true);
    expect(write(user('m', { role: 2 }))).toBe(false);
  });

  it('write rules see data and newData; validate rules check every changed location', () => {
    const setPost = (who: Parameters<Rules['canWrite']>[0], id: string, post: unknown) => {
      const next = tree({ ...toPlain(state), posts: { ...(toPlain(state).posts as object), [id]: post } });
      return rich.canWrite(who, state, next, [['posts', id]], now);
    };
    expect(setPost(user('u2'), 'p2', { author: 'u2', title: 'Mine' })).toBe(true);
    expect(setPost(user('u2'), 'p2', { author: 'u1', title: 'Forged' })).toBe(false);
    expect(setPost(user('u2'), 'p1', { author: 'u2', title: 'Stolen' })).toBe(false);
    expect(setPost(user('ed', { role: 2 }), 'p1', { author: 'u1', title: 'Edited' })).toBe(true);
    expect(setPost(signedOut, 'p2', { author: 'x', title: 'Anon' })).toBe(false);
    expect(setPost(user('u2'), 'p2', { author: 'u2' })).toBe(false);
    expect(setPost(user('u2'), 'p2', { author: 'u2', title: '' })).toBe(false);
    expect(setPost(user('u2'), 'p2', { author: 'u2', title: 'x'.repeat(21) })).toBe(false);
    expect(setPost(user('u2'), 'p2', { author: 'u2', title: 'ok', score: -1 })).toBe(false);
    expect(setPost(user('u2'), 'p2', { author: 'u2', title: 'ok', score: 3, published: true })).toBe(true);
    expect(setPost(user('u2'), 'p2', { author: 'u2', title: 'ok', published: 'yes' })).toBe(false);
    expect(setPost(user('u2'), 'p2', { author: 'u2', title: 'ok', slug: 'a-b-1' })).toBe(true);
    expect(setPost(user('u2'), 'p2', { author: 'u2', title: 'ok', slug: 'A B' })).toBe(false);
    expect(setPost(user('u2'), 'p2', { author: 'u2', title: 'ok', extra: 1 })).toBe(false);
    // Deleting is not validated, only authorised.
    expect(setPost(user('u1'), 'p1', null)).toBe(true);
  });

  it('an update to one child is validated against the ancestors it changes', () => {
    const next = tree({
      ...toPlain(state),
      posts: { ...(toPlain(state).posts as object), p9: { title: 'No author' } },
    });
    expect(rich.canWrite(user('ed', { role: 2 }), state, next, [['posts', 'p9', 'title']], now)).toBe(false);
  });

  it('a write is allowed when grants below cover every changed location', () => {
    const write = (value: unknown) =>
      rich.canWrite(
        user('u1'),
        state,
        tree({ ...toPlain(state), descendant: { u1: value } }),
        [['descendant', 'u1']],
        now,
      );
    expect(write({ own: 1 })).toBe(true);
    expect(write({ own: 1, locked: 2 })).toBe(false);
    expect(write({ own: 1, other: 2 })).toBe(false);
  });

  it('now, string methods and auth.token claims in write and validate rules', () => {
    const stamp = (value: unknown, t = now) =>
      rich.canWrite(
        user('u1'),
        state,
        tree({ ...toPlain(state), stamps: { u1: value } }),
        [['stamps', 'u1']],
        t,
      );
    expect(stamp(now)).toBe(true);
    expect(stamp(now + 60_000)).toBe(false);
    expect(stamp('soon')).toBe(false);
    const email = (value: string, verified: boolean) =>
      rich.canWrite(
        user('u1', { email_verified: verified }),
        state,
        tree({ ...toPlain(state), emails: { u1: value } }),
        [['emails', 'u1']],
        now,
      );
    expect(email('Anna@Example.NL', true)).toBe(true);
    expect(email('anna@example.nl', false)).toBe(false);
    expect(email('an na@example.nl', true)).toBe(false);
    expect(email('anna@example.com', true)).toBe(false);
  });
});

function toPlain(value: Json): Record<string, unknown> {
  return JSON.parse(JSON.stringify(value ?? emptyObject())) as Record<string, unknown>;
}

describe('rules through the SDKs', () => {
  it('database.rules.json: a member reads only their own counters and clients never write', async () => {
    const server = await startServer({ rulesPath: KRING_RULES });
    const admin = adminClient(server.port);
    await admin
      .ref('chat/u1/t1')
      .set({ unreadCount: 2, unreadMessageIds: { m1: true, m2: true }, updatedAt: 1 });
    await admin.ref('notifications/u1').set({ unreadCount: 5 });
    await admin.ref('chat/u2/t9').set({ unreadCount: 1, unreadMessageIds: { m3: true }, updatedAt: 1 });
    await admin.ref('members/newPosts').set({ latest: 7 });

    // The role claim decides (None 0, Member 1, Moderator 2, Admin 3): without it, not even their own.
    for (const claims of [{}, { role: 0 }, { role: '1' }]) {
      const outsider = webClient(server.port, { mockUser: { sub: 'u1', ...claims } }).db;
      await expect(get(ref(outsider, 'chat/u1'))).rejects.toThrow(/permission/i);
      await expect(get(ref(outsider, 'notifications/u1'))).rejects.toThrow(/permission/i);
      await expect(get(ref(outsider, 'members/newPosts'))).rejects.toThrow(/permission/i);
    }
    const moderator = webClient(server.port, { mockUser: { sub: 'u2', role: 2 } }).db;
    expect((await get(ref(moderator, 'chat/u2'))).val()).toMatchObject({ t9: { unreadCount: 1 } });
    expect((await get(ref(moderator, 'members/newPosts'))).val()).toEqual({ latest: 7 });
    await expect(get(ref(moderator, 'chat/u1'))).rejects.toThrow(/permission/i);
    await expect(set(ref(moderator, 'members/newPosts/latest'), 8)).rejects.toThrow(/PERMISSION_DENIED/);

    const { db } = webClient(server.port, { mockUser: { sub: 'u1', role: 1 } });
    const chat = watch(ref(db, 'chat/u1'));
    expect(await chat.next()).toMatchObject({ t1: { unreadCount: 2 } });
    expect((await get(ref(db, 'notifications/u1'))).val()).toEqual({ unreadCount: 5 });
    await expect(get(ref(db, 'chat/u2'))).rejects.toThrow(/permission_denied|Permission denied/i);
    await expect(get(ref(db, 'notifications/u2'))).rejects.toThrow(/permission/i);
    await expect(get(ref(db, 'chat'))).rejects.toThrow(/permission/i);
    await expect(get(ref(db))).rejects.toThrow(/permission/i);
    await expect(set(ref(db, 'chat/u1/t1/unreadCount'), 0)).rejects.toThrow(/PERMISSION_DENIED/);
    await expect(update(ref(db, 'notifications/u1'), { unreadCount: 0 })).rejects.toThrow(
      /PERMISSION_DENIED/,
    );
    await expect(set(ref(db, 'elsewhere'), 1)).rejects.toThrow(/PERMISSION_DENIED/);

    // The rejected local write is rolled back; admin updates still arrive.
    await admin.ref('chat/u1/t1').update({ unreadCount: 3 });
    expect(await chat.next((v) => (v as { t1: { unreadCount: number } }).t1.unreadCount === 3)).toBeTruthy();
    expect((await admin.ref('chat/u1/t1/unreadCount').get()).val()).toBe(3);

    const anonymous = webClient(server.port).db;
    await expect(get(ref(anonymous, 'chat/u1'))).rejects.toThrow(/permission/i);
    await expect(get(ref(anonymous, 'members'))).rejects.toThrow(/permission/i);
    const denied = watch(ref(anonymous, 'notifications/u1'));
    expect((await denied.cancellation()).message).toMatch(/permission_denied/);
    expect(denied.values).toEqual([]);
  });

  it('role claims, validation and onDisconnect registration through the web SDK', async () => {
    const server = await startServer({ rulesPath: RICH_RULES });
    const editor = webClient(server.port, { mockUser: { sub: 'ed', role: 2 } }).db;
    const author = webClient(server.port, { mockUser: { sub: 'u1' } }).db;
    const reader = webClient(server.port, { mockUser: { sub: 'r', role: 1 } }).db;

    await set(ref(author, 'posts/p1'), { author: 'u1', title: 'First' });
    await expect(set(ref(author, 'posts/p2'), { author: 'u1', title: 'x'.repeat(30) })).rejects.toThrow(
      /PERMISSION_DENIED/,
    );
    await expect(set(ref(reader, 'posts/p1/title'), 'Hijack')).rejects.toThrow(/PERMISSION_DENIED/);
    await set(ref(editor, 'posts/p1/title'), 'Edited');
    expect((await get(ref(reader, 'posts/p1/title'))).val()).toBe('Edited');

    expect((await get(ref(editor, 'moderation'))).val()).toBeNull();
    await expect(get(ref(reader, 'moderation'))).rejects.toThrow(/permission/i);

    const tx = await runTransaction(ref(author, 'posts/p1/score'), (n: number | null) => (n ?? 0) + 1);
    expect(tx.committed).toBe(true);
    await expect(runTransaction(ref(author, 'posts/p1/score'), () => -5)).rejects.toThrow(
      /permission_denied/i,
    );

    await set(ref(author, 'stamps/u1'), serverTimestamp());
    await expect(onDisconnect(ref(author, 'moderation/x')).set(1)).rejects.toThrow(/PERMISSION_DENIED/);
    await onDisconnect(ref(author, 'stamps/u1')).set(serverTimestamp());
  });

  it('a listen is cancelled when the data its rule depends on changes', async () => {
    const server = await startServer({ rulesPath: RICH_RULES });
    const admin = adminClient(server.port);
    await admin.ref('members/u1').set(true);
    await admin.ref('memberOnly/news').set('hello');
    const { db } = webClient(server.port, { mockUser: { sub: 'u1' } });
    const news = watch(ref(db, 'memberOnly'));
    expect(await news.next()).toEqual({ news: 'hello' });
    await admin.ref('members/u1').remove();
    expect((await news.cancellation()).message).toMatch(/permission_denied/);
    await admin.ref('memberOnly/news').set('secret');
    await sleep(100);
    expect(news.values).toEqual([{ news: 'hello' }]);
  });

  it('reloads the rules file when it changes and cancels listens it no longer allows', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rtdb-rules-'));
    const rulesPath = join(dir, 'database.rules.json');
    copyFileSync(KRING_RULES, rulesPath);
    const server = await startServer({ rulesPath });
    await adminClient(server.port).ref('public/motd').set('welkom');
    const { db } = webClient(server.port, { mockUser: { sub: 'u1', role: 1 } });
    await expect(get(ref(db, 'public'))).rejects.toThrow(/permission/i);

    writeFileSync(rulesPath, JSON.stringify({ rules: { public: { '.read': 'auth != null' } } }));
    let value: unknown;
    for (let i = 0; i < 50 && value === undefined; i++) {
      await sleep(100);
      value = await get(ref(db, 'public/motd')).then(
        (s) => s.val(),
        () => undefined,
      );
    }
    expect(value).toBe('welkom');

    const listen = watch(ref(db, 'public'));
    await listen.next();
    writeFileSync(rulesPath, '{ "rules": { broken json');
    await sleep(600);
    expect(listen.cancelled).toBeNull();
    writeFileSync(rulesPath, JSON.stringify({ rules: {} }));
    expect((await listen.cancellation(5000)).message).toMatch(/permission_denied/);
  });
});
