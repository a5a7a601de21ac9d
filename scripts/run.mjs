// Runs `dev` or `test` with the project's Node 22 (the `node` devDependency) first on the PATH, as
// Cloud Functions runs nodejs22. The host's Node only starts this file.
import { spawn } from 'node:child_process';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(root, 'node_modules/.bin');
const env = { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH}` };
const [command, ...rest] = process.argv.slice(2);
const script = { dev: 'scripts/dev.ts', test: 'scripts/test.ts', e2e: 'scripts/e2e.ts' }[command ?? ''];
if (!script) {
  console.error('usage: node scripts/run.mjs dev|test|e2e');
  process.exit(2);
}

const child = spawn(join(bin, 'tsx'), [script, ...rest], { cwd: root, env, stdio: 'inherit' });
// Ctrl-C reaches the child through the terminal's process group; forward other stops explicitly.
for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
process.on('SIGINT', () => {});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
