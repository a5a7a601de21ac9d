// Which layer may import which (README "How it is built"). Checked by `npm test` through
// tools/architecture (dependency-cruiser over the import graph, parsed with swc because TypeScript 7
// has no compiler API for it to use). Paths are relative to the repository root.
const tests = '(\\.test\\.tsx?$|/test-support\\.ts$|/test/|/test-helpers\\.ts$)';
/** A handler file is named after its endpoint (camelCase), e.g. upvotePost.ts. */
const handler =
  '^functions/src/(community|subscription|privacy|mail|search)/[a-z/-]*[a-z]+[A-Z][A-Za-z]*[.]ts$';
const area = (name) => `^functions/src/${name}/`;
const notTests = { pathNot: tests };

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import circle: the files in it can only be understood, tested and moved together.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    // web/src: shared (lib, hooks, components, messages) -> features -> app
    {
      name: 'web-shared-below-features',
      comment:
        'lib, hooks, components and messages are shared by every feature; they import no feature or route.',
      severity: 'error',
      from: { path: '^web/src/(lib|hooks|components|messages)/', ...notTests },
      to: { path: '^web/src/(features|app)/' },
    },
    {
      name: 'web-features-below-app',
      comment: 'Features do not know the routes that use them.',
      severity: 'error',
      from: { path: '^web/src/features/', ...notTests },
      to: { path: '^web/src/app/' },
    },
    {
      name: 'web-features-independent',
      comment: 'Features never import each other; what two features share belongs in the shared layer.',
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/', ...notTests },
      to: { path: '^web/src/features/([^/]+)/', pathNot: '^web/src/features/$1/' },
    },
    // functions/src: http -> privacy -> search -> community | subscription -> mail -> content | accounts -> lib | db
    {
      name: 'functions-privacy-below-http',
      comment:
        'privacy (GDPR export, deletion, retention) spans community and subscription; only http and index use it.',
      severity: 'error',
      from: {
        path: '^functions/src/(accounts|community|subscription|mail|search|content|lib|db)/',
        ...notTests,
      },
      to: { path: area('privacy') },
    },
    {
      name: 'functions-lib-is-the-bottom',
      comment: 'lib and db serve every area and import none of them.',
      severity: 'error',
      from: { path: '^functions/src/(lib|db)/', ...notTests },
      to: { path: '^functions/src/(http|accounts|community|subscription|mail|search|content|privacy)/' },
    },
    {
      name: 'functions-accounts-below-areas',
      comment:
        'Accounts, roles and membership records are used by community and subscription, never the reverse.',
      severity: 'error',
      from: { path: area('accounts'), ...notTests },
      to: { path: '^functions/src/(http|community|subscription|mail|search|content)/' },
    },
    {
      name: 'functions-http-on-top',
      comment:
        'http (router, token, responses) calls the areas; no area imports it. Handler types live in lib.',
      severity: 'error',
      from: {
        path: '^functions/src/(accounts|community|subscription|mail|search|content|lib|db|privacy)/',
        ...notTests,
      },
      to: { path: '^functions/src/http/' },
    },
    {
      name: 'functions-community-subscription-apart',
      comment: 'Community and subscription do not import each other; what they share lives in accounts.',
      severity: 'error',
      from: { path: '^functions/src/(community|subscription)/', ...notTests },
      to: { path: '^functions/src/(community|subscription)/', pathNot: '^functions/src/$1/' },
    },
    {
      name: 'functions-mail-below-areas',
      comment:
        'Mail (notification and digest mails, preferences, unsubscribe links) serves community and subscription; it imports neither, nor search.',
      severity: 'error',
      from: { path: area('mail'), ...notTests },
      to: { path: '^functions/src/(community|subscription|search)/' },
    },
    {
      name: 'functions-search-on-top',
      comment:
        'Search reads the community (author summaries, cursors) and the kennisbank; only http (the router, the CMS webhook) imports it.',
      severity: 'error',
      from: { path: '^functions/src/(accounts|community|subscription|mail|content|lib|db)/', ...notTests },
      to: { path: area('search') },
    },
    {
      name: 'functions-content-alone',
      comment: 'The CMS proxy needs only lib.',
      severity: 'error',
      from: { path: area('content'), ...notTests },
      to: { path: '^functions/src/(http|accounts|community|subscription|mail|search)/' },
    },
    {
      name: 'functions-repos-below-handlers',
      comment: 'Repos hold the SQL; they never call a handler.',
      severity: 'error',
      from: { path: '\\.repo\\.ts$', ...notTests },
      to: { path: handler },
    },
    {
      name: 'functions-handlers-independent',
      comment:
        'A handler never imports another handler; the shared part goes to a service or repo both import.',
      severity: 'error',
      from: { path: handler, ...notTests },
      to: { path: handler },
    },
    {
      name: 'contract-stands-alone',
      comment: 'The wire contract is shared by web and functions and imports neither.',
      severity: 'error',
      from: { path: '^contract/' },
      to: { path: '^(web|functions|tools|scripts)/' },
    },
  ],
  options: {
    parser: 'swc',
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    combinedDependencies: false,
  },
};
