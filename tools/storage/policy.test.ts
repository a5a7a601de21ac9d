// policy.ts mirrors /storage.rules by hand. This reads the rules file, extracts its match paths and
// allow statements, and checks both give the same answer on a table of requests. The extractor knows
// only what the file uses today (nested match blocks, `allow <ops>: if true|false;`); anything else
// fails the test, which is the signal to update policy.ts along with the rules.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type ClientRequest, isAllowed, type StorageOperation } from './policy.ts';

const RULES_PATH = new URL('../../storage.rules', import.meta.url);
const BUCKET = 'demo-kring.appspot.com';

interface Allow {
  pattern: string[];
  operations: StorageOperation[];
  condition: boolean;
}

const OPERATIONS_OF: Record<string, StorageOperation[]> = {
  read: ['get', 'list'],
  write: ['create', 'update', 'delete'],
  get: ['get'],
  list: ['list'],
  create: ['create'],
  update: ['update'],
  delete: ['delete'],
};

function extractAllows(source: string): { version: string; allows: Allow[] } {
  const text = source.replace(/\/\/[^\n]*/g, '');
  const version = /^\s*rules_version\s*=\s*'(\d)'\s*;/.exec(text)?.[1] ?? '1';
  const body = text.replace(/^\s*rules_version\s*=\s*'\d'\s*;/, '');
  const token =
    /\s*(?:service\s+firebase\.storage\s*\{|match\s+(\S+)\s*\{|allow\s+([\w\s,]+):\s*if\s+([^;]+);|\})/y;
  const stack: string[][] = [];
  const allows: Allow[] = [];
  let pos = 0;
  while (pos < body.trimEnd().length) {
    token.lastIndex = pos;
    const m = token.exec(body);
    if (!m)
      throw new Error(
        `storage.rules uses something policy.ts does not mirror: "${body.slice(pos, pos + 60).trim()}"`,
      );
    pos = token.lastIndex;
    const [whole, matchPath, ops, condition] = m;
    if (whole.includes('service')) stack.push([]);
    else if (matchPath !== undefined) stack.push(matchPath.split('/').filter(Boolean));
    else if (ops !== undefined && condition !== undefined) {
      const cond = condition.trim();
      if (cond !== 'true' && cond !== 'false')
        throw new Error(`storage.rules has a condition policy.ts does not mirror: ${cond}`);
      const operations = ops.split(',').flatMap((op) => {
        const mapped = OPERATIONS_OF[op.trim()];
        if (!mapped) throw new Error(`unknown operation in storage.rules: ${op}`);
        return mapped;
      });
      allows.push({ pattern: stack.flat(), operations, condition: cond === 'true' });
    } else if (whole.trim() === '}') stack.pop();
  }
  return { version, allows };
}

/** Rules v2 path matching: `{x}` is one segment, `{x=**}` zero or more. */
function matches(pattern: string[], segments: string[]): boolean {
  const [head, ...rest] = pattern;
  if (head === undefined) return segments.length === 0;
  if (/^\{\w+=\*\*\}$/.test(head)) {
    return segments.some((_, i) => matches(rest, segments.slice(i))) || matches(rest, []);
  }
  const [first, ...others] = segments;
  if (first === undefined) return false;
  return (/^\{\w+\}$/.test(head) || head === first) && matches(rest, others);
}

function allowedByFile(allows: Allow[], { operation, objectPath }: ClientRequest): boolean {
  const segments = ['b', BUCKET, 'o', ...objectPath.split('/').filter(Boolean)];
  return allows.some((a) => a.condition && a.operations.includes(operation) && matches(a.pattern, segments));
}

const { version, allows } = extractAllows(readFileSync(RULES_PATH, 'utf8'));

const TOKEN = 'Qk3v9XUu0mE6yJ2bH8pL1w';
const PATHS = [
  `community/profile/7/${TOKEN}/avatar.png`,
  `community/profile/7/${TOKEN}/other.png`,
  `community/profile/7/${TOKEN}`,
  `community/profile/7/${TOKEN}/x/avatar.png`,
  'community/profile/7/avatar.png',
  'community/profile/u1/avatar.png',
  'community/profile/u2/avatar.png',
  `community/post/42/${TOKEN}.webp`,
  `community/post/42/${TOKEN}/a.webp`,
  'community/elsewhere/42/a.webp',
  'community/post/42/image-1.webp',
  'community/post/42',
  'community/post',
  'community',
  'communityx/a.png',
  'private/secret.txt',
  'users/u1/avatar.png',
  'avatar.png',
  '',
];
const OPERATIONS: StorageOperation[] = ['get', 'list', 'create', 'update', 'delete'];

describe('policy.ts mirrors storage.rules', () => {
  it('the rules file is version 2 and reads as the small subset the mirror knows', () => {
    expect(version).toBe('2');
    expect(allows.length).toBeGreaterThan(0);
  });

  it('the file grants public get (not list) of token avatar paths and post images only, and no writes', () => {
    const granted = allows.filter((a) => a.condition);
    expect([...new Set(granted.flatMap((a) => a.operations))]).toEqual(['get']);
    expect(granted.map((a) => a.pattern.join('/'))).toEqual([
      'b/{bucket}/o/community/profile/{profileId}/{token}/avatar.png',
      'b/{bucket}/o/community/post/{profileId}/{image}',
    ]);
    expect(allows.some((a) => !a.condition && a.operations.includes('create'))).toBe(true);
  });

  const cases = PATHS.flatMap((objectPath) =>
    OPERATIONS.flatMap((operation) => [null, 'u1'].map((uid) => ({ operation, objectPath, uid }))),
  );
  it.each(cases)('$operation "$objectPath" as $uid', (request) => {
    expect(isAllowed(request)).toBe(allowedByFile(allows, request));
  });

  it('spot checks: avatars and post images are readable, nothing is writable', () => {
    expect(
      isAllowed({ operation: 'get', objectPath: `community/profile/7/${TOKEN}/avatar.png`, uid: null }),
    ).toBe(true);
    // The old avatar path, which anyone could work out from a profile id, is refused.
    expect(isAllowed({ operation: 'get', objectPath: 'community/profile/7/avatar.png', uid: null })).toBe(
      false,
    );
    expect(isAllowed({ operation: 'list', objectPath: 'community/profile/7', uid: null })).toBe(false);
    expect(isAllowed({ operation: 'list', objectPath: 'community/post/42', uid: null })).toBe(false);
    expect(isAllowed({ operation: 'create', objectPath: 'community/profile/u1/avatar.png', uid: 'u1' })).toBe(
      false,
    );
    expect(isAllowed({ operation: 'get', objectPath: 'private/secret.txt', uid: 'u1' })).toBe(false);
  });

  it('is deliberately stricter than the file on . and .. segments (the emulator would resolve them)', () => {
    const walk: ClientRequest = {
      operation: 'get',
      objectPath: 'community/post/../secret.txt',
      uid: null,
    };
    expect(allowedByFile(allows, walk)).toBe(true);
    expect(isAllowed(walk)).toBe(false);
    expect(isAllowed({ operation: 'get', objectPath: 'community/./a.png', uid: null })).toBe(false);
  });
});
