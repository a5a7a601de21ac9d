import { checkArchitecture } from '../tools/architecture/check.ts';
import { root } from './lib/stack.ts';

/** `npm test`'s architecture step: fails on an import circle, a forbidden import direction, SQL outside a repo a server call outside a web api/ file, or an api file with more than one call. */
const violations = await checkArchitecture(root);
for (const v of violations) console.error(`✗ ${v.rule}: ${v.where}\n    ${v.why}`);
if (violations.length) {
  console.error(
    `\n${violations.length} architecture violation(s); the layers are in README "How it is built".`,
  );
  process.exit(1);
}
console.log(
  '✓ no import circles, no forbidden import directions, SQL only in repos, server calls only in api/ files, one per file',
);
