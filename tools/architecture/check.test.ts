import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkArchitecture } from './check.ts';

const repoRoot = resolve(import.meta.dirname, '../..');
const made: string[] = [];

/** A throw-away tree with the project's real rules and the given files. */
function tree(files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), 'kring-architecture-'));
  made.push(root);
  copyFileSync(join(repoRoot, '.dependency-cruiser.cjs'), join(root, '.dependency-cruiser.cjs'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

afterEach(() => {
  for (const root of made.splice(0)) rmSync(root, { recursive: true, force: true });
});

const rulesOf = async (root: string) => (await checkArchitecture(root)).map((v) => `${v.rule} ${v.where}`);

describe('architecture check', () => {
  it('accepts a layout whose arrows all point down', async () => {
    const root = tree({
      'web/src/lib/paths.ts': 'export const home = "/";\n',
      'web/src/features/community/timeline.tsx':
        "import { home } from '../../lib/paths.ts';\nexport const x = home;\n",
      'web/src/app/router.tsx':
        "import { x } from '../features/community/timeline.tsx';\nexport const y = x;\n",
      'web/src/lib/api.ts': 'export const call = (...a) => a;\nexport const z = () => call(1);\n',
      'web/src/lib/api/report-item.ts':
        "import { call } from '../api.ts';\nexport const r = () => call('community', 'reportItem', {});\n",
      'web/src/features/community/api/upvote-post.ts':
        "import { call } from '../../../lib/api.ts';\nexport const u = () => call('community', 'upvotePost', {});\n",
      'web/src/features/community/api/undo-upvote-post.ts':
        "import { call } from '../../../lib/api.ts';\n// not call('community', 'upvotePost') here\nexport const d = () =>\n  call(\n    'community',\n    'undoUpvotePost',\n    {},\n  );\n",
      'web/src/features/community/api/vote.ts':
        "import { u } from './upvote-post.ts';\nimport { d } from './undo-upvote-post.ts';\nexport const v = (up) => (up ? u : d)();\n",
      'web/src/features/community/api/vote.test.ts':
        "import { call } from '../../../lib/api.ts';\nexport const t = [call('community', 'a', {}), call('community', up ? 'b' : 'c', {})];\n",
      'web/src/features/community/vote.test.tsx':
        "import { call } from '../../lib/api.ts';\nexport const t = () => call('community', 'x', {});\n",
      'web/src/features/community/format.ts': 'export const f = (g) => g.call(null);\n',
      'functions/src/lib/db.ts': 'export const db = {};\n',
      'functions/src/accounts/accounts.repo.ts':
        "import { db } from '../lib/db.ts';\nexport const a = () => db.selectFrom('accounts');\n",
      'functions/src/community/votes/votes.ts':
        "import { a } from '../../accounts/accounts.repo.ts';\nexport const vote = a;\n",
      'functions/src/community/votes/upvotePost.ts':
        "import { vote } from './votes.ts';\nexport const h = vote;\n",
      'functions/src/mail/mail.repo.ts':
        "import { db } from '../lib/db.ts';\nexport const m = () => db.selectFrom('mail_sends');\n",
      'functions/src/subscription/receipt.ts':
        "import { m } from '../mail/mail.repo.ts';\nexport const r = m;\n",
      'functions/src/search/search.ts':
        "import { vote } from '../community/votes/votes.ts';\nexport const s = vote;\n",
      'functions/src/http/router.ts':
        "import { h } from '../community/votes/upvotePost.ts';\nimport { s } from '../search/search.ts';\nexport const r = [h, s];\n",
    });
    expect(await rulesOf(root)).toEqual([]);
  });

  it('names a circle, each upward arrow, SQL outside a repo, a server call outside an api file and an api file with two calls', async () => {
    const root = tree({
      'web/src/lib/format.ts': "import { t } from '../features/chat/thread.tsx';\nexport const f = t;\n",
      'web/src/features/chat/thread.tsx': "import { p } from '../community/post.tsx';\nexport const t = p;\n",
      'web/src/features/community/post.tsx':
        "import { q } from './tree.tsx';\nexport const p = 1;\nexport const z = q;\n",
      'web/src/features/community/tree.tsx': "import { p } from './post.tsx';\nexport const q = p;\n",
      'functions/src/lib/realtime.ts': "import { s } from '../community/shared.ts';\nexport const r = s;\n",
      'functions/src/community/shared.ts': "export const s = (db) => db.selectFrom('posts');\n",
      'functions/src/community/raw.ts':
        "import { sql } from 'kysely';\nexport const a = sql.raw('SELECT 1');\nexport const b = sql<Map<string, number>>`SELECT 2`;\n",
      'functions/src/community/votes/votes.repo.ts':
        "import { h } from './upvotePost.ts';\nexport const v = h;\n",
      'functions/src/community/votes/upvotePost.ts':
        "import { m } from '../../subscription/memberships.repo.ts';\nimport { u } from './undoUpvotePost.ts';\nexport const h = [m, u];\n",
      'functions/src/community/votes/undoUpvotePost.ts': 'export const u = 1;\n',
      'functions/src/subscription/memberships.repo.ts':
        "import { T } from '../http/types.ts';\nexport const m = T;\n",
      'functions/src/http/types.ts': 'export const T = 1;\n',
      'functions/src/mail/digest.ts': "import { s } from '../community/shared.ts';\nexport const d = s;\n",
      'functions/src/community/topics/related.ts':
        "import { q } from '../../search/search.ts';\nexport const r = q;\n",
      'functions/src/search/search.ts': 'export const q = 1;\n',
      'web/src/lib/api.ts': 'export const call = (...a) => a;\nexport const callPublic = call;\n',
      'web/src/features/community/components/vote-button.tsx':
        "import { call } from '../../../lib/api.ts';\nconst v = () => call('community', 'upvotePost', {});\nexport default v;\n",
      'web/src/features/community/api/vote.ts':
        "import { call } from '../../../lib/api.ts';\nexport const up = () => call('community', 'upvotePost', {});\nexport const undo = () => call('community', 'undoUpvotePost', {});\n",
      'web/src/lib/api/pin-post.ts':
        "import { call } from '../api.ts';\nexport const pin = (p) =>\n  call('community', p ? 'unpinPostModerator' : 'pinPostModerator', {});\n",
      'web/src/features/mail/hooks/use-unsubscribe.ts':
        "import { callPublic } from '../../../lib/api.ts';\n// callPublic('community', 'x') in a comment is fine\nexport const u = () =>\n  callPublic('community', 'unsubscribeMail', {});\n",
      // The same rule with type arguments, and under another name.
      'web/src/features/chat/hooks/use-threads.ts':
        "import { call } from '../../../lib/api.ts';\nexport const t = () => call<'community', 'listThreads'>('community', 'listThreads', {});\n",
      'web/src/features/search/search-box.tsx':
        "import { call as ask } from '../../lib/api.ts';\nexport const s = () => ask('community', 'search', {});\n",
    });
    const found = await rulesOf(root);
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^no-circular web\/src\/features\/community\/(post|tree)\.tsx → /),
        'web-shared-below-features web/src/lib/format.ts → web/src/features/chat/thread.tsx',
        'web-features-independent web/src/features/chat/thread.tsx → web/src/features/community/post.tsx',
        'functions-lib-is-the-bottom functions/src/lib/realtime.ts → functions/src/community/shared.ts',
        'functions-repos-below-handlers functions/src/community/votes/votes.repo.ts → functions/src/community/votes/upvotePost.ts',
        'functions-handlers-independent functions/src/community/votes/upvotePost.ts → functions/src/community/votes/undoUpvotePost.ts',
        'functions-community-subscription-apart functions/src/community/votes/upvotePost.ts → functions/src/subscription/memberships.repo.ts',
        'functions-http-on-top functions/src/subscription/memberships.repo.ts → functions/src/http/types.ts',
        'functions-mail-below-areas functions/src/mail/digest.ts → functions/src/community/shared.ts',
        'functions-search-on-top functions/src/community/topics/related.ts → functions/src/search/search.ts',
        'sql-only-in-repos functions/src/community/shared.ts:1',
        'sql-only-in-repos functions/src/community/raw.ts:2',
        'sql-only-in-repos functions/src/community/raw.ts:3',
        'web-calls-only-in-api web/src/features/community/components/vote-button.tsx:2',
        'web-calls-only-in-api web/src/features/mail/hooks/use-unsubscribe.ts:4',
        'web-calls-only-in-api web/src/features/chat/hooks/use-threads.ts:2',
        'web-calls-only-in-api web/src/features/search/search-box.tsx:1',
        'web-one-call-per-api-file web/src/features/community/api/vote.ts',
        'web-one-call-per-api-file web/src/lib/api/pin-post.ts:3',
      ]),
    );
    expect(found.filter((f) => f.startsWith('web-calls-only-in-api'))).toHaveLength(4);
    expect(found.filter((f) => f.startsWith('sql-only-in-repos'))).toHaveLength(3);
    expect(found.filter((f) => f.startsWith('web-one-call-per-api-file'))).toHaveLength(2);
  });
});
