// First-load JavaScript after `vite build`, each file gzipped (level 9) on its own, as a browser
// downloads them. The entry (app/boot.ts) is all a visitor's public page loads (issue 27); a page
// that runs the app (member pages, a session) adds the app (main.tsx) and the page chunk with their
// static imports. Usage: node scripts/first-load-size.cjs dist home=home tijdlijn=timeline
const fs = require('node:fs'),
  path = require('node:path'),
  zlib = require('node:zlib');
const dist = process.argv[2];
const assets = path.join(dist, 'assets');
// The client's index.html becomes the server render's template (vite.config.ts).
const template = path.join(dist, '../../functions/dist/ssr/template.html');
const html = fs.readFileSync(fs.existsSync(template) ? template : path.join(dist, 'index.html'), 'utf8');
const entry = /<script type="module"[^>]*src="\/assets\/([^"]+)"/.exec(html)[1];
const staticImports = (file) => {
  const code = fs.readFileSync(path.join(assets, file), 'utf8');
  const out = new Set();
  for (const m of code.matchAll(/(?:import|from)\s*"\.\/([^"]+\.js)"/g)) out.add(m[1]);
  return [...out];
};
const closure = (start) => {
  const seen = new Set();
  const stack = [...start];
  while (stack.length) {
    const f = stack.pop();
    if (seen.has(f)) continue;
    seen.add(f);
    stack.push(...staticImports(f));
  }
  return seen;
};
const gz = (f) => zlib.gzipSync(fs.readFileSync(path.join(assets, f)), { level: 9 }).length;
const report = (label, files) => {
  const list = [...files].map((f) => [f, gz(f)]).sort((a, b) => b[1] - a[1]);
  const total = list.reduce((s, [, n]) => s + n, 0);
  console.log(
    `${label}: ${(total / 1024).toFixed(1)} KiB gzip (${(total / 1000).toFixed(1)} kB) in ${list.length} files`,
  );
  for (const [f, n] of list) console.log(`   ${(n / 1024).toFixed(1).padStart(6)} ${f}`);
};
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const chunkNamed = (name) =>
  Object.values(manifest)
    .filter((chunk) => chunk.name === name && chunk.isDynamicEntry)
    .map((chunk) => path.basename(chunk.file));
const entryOnly = closure([entry]);
report('visitor: boot.ts (entry + static imports)', entryOnly);
const initial = new Set([...entryOnly, ...closure(chunkNamed('main'))]);
report('with the app (boot.ts + main.tsx)', initial);
for (const page of process.argv.slice(3)) {
  const [label, prefix] = page.split('=');
  // Chunk files are named by hash only (vite.config.ts): find the page's chunk by its name in Vite's
  // manifest (`home` is the chunk of routes/public/home.tsx).
  const files = chunkNamed(prefix);
  if (files.length !== 1) {
    console.log(label, 'chunk not unique:', files);
    continue;
  }
  report(`${label} with the app`, new Set([...initial, ...closure(files)]));
}
