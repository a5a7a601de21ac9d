import { readFileSync } from 'node:fs';

/**
 * Where a V8 CPU profile (.cpuprofile, as `node --cpu-prof` or the inspector's Profiler writes it) spent
 * its time, for scripts/bench/load.ts: every sample goes to the first area found walking its stack from
 * the innermost frame outwards, skipping Node's own frames (so a socket write pg makes counts as "pg
 * driver", one express makes as "express", and Kring's own frames only what they do themselves); samples
 * with no package or Kring frame at all are Node's (the HTTP server's parsing, timers). Plus the time under a few named functions (inclusive) and
 * the functions with the most self time.
 */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Areas by the file a frame runs in; the first match wins, innermost frame first. */
const areas: [string, RegExp][] = [
  [
    'token check (firebase-admin, jsonwebtoken)',
    /node_modules\/(firebase-admin|jsonwebtoken|jwks-rsa|jws|jwa)\//,
  ],
  ['validation (zod)', /node_modules\/zod\//],
  ['pg driver (protocol, pool, types)', /node_modules\/(pg|pg-protocol|pg-pool|pg-types|postgres-[a-z]+)\//],
  ['Kysely (query building, results)', /node_modules\/kysely\//],
  ['realtime counters (firebase-admin database)', /node_modules\/@firebase\/database/],
  [
    'express, body, functions wrapper',
    /node_modules\/(express|body-parser|raw-body|router|finalhandler|send|type-is|qs|cors|firebase-functions)\//,
  ],
  ['other packages', /node_modules\//],
  ['Kring code (functions, contract)', /\/(functions|contract)\/src\//],
  ['benchmark server (instruments)', /scripts\/bench\//],
];

export function summariseProfile(file: string): void {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

  const area = new Map<string, number>();
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const named = [
    'verifyToken',
    'verifyIdToken',
    'loadAccount',
    'safeParse',
    'writev',
    'executeQuery',
    'handleApiRequest',
    'publishNotificationUnread',
  ];
  let total = 0;
  let idle = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const leaf = byId.get(profile.samples[i]!);
    if (!leaf) continue;
    const leafName = leaf.callFrame.functionName;
    if (leafName === '(idle)') {
      idle += ms;
      continue;
    }
    total += ms;
    const where = leaf.callFrame.url.replace(/^.*\/(node_modules|functions|contract|scripts)\//, '$1/');
    const key = `${leafName || '(anonymous)'} ${where}:${leaf.callFrame.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + ms);
    let chosen: string | undefined;
    if (leafName === '(garbage collector)') chosen = 'garbage collection';
    else if (leafName === '(program)') chosen = 'V8/native (program)';
    const seen = new Set<string>();
    for (let node: ProfileNode | undefined = leaf; node; node = byId.get(parent.get(node.id) ?? -1)) {
      const { url, functionName } = node.callFrame;
      if (!chosen) chosen = areas.find(([, re]) => re.test(url))?.[0];
      if (named.includes(functionName) && !seen.has(functionName)) {
        seen.add(functionName);
        inclusive.set(functionName, (inclusive.get(functionName) ?? 0) + ms);
      }
    }
    chosen ??= 'Node internals (HTTP parsing, sockets, timers)';
    area.set(chosen, (area.get(chosen) ?? 0) + ms);
  }
  const pct = (ms: number) => `${((ms / total) * 100).toFixed(1)}%`;
  console.log(
    `\nCPU profile of the server (${file}): ${total.toFixed(0)} ms busy, ${idle.toFixed(0)} ms idle, 1 ms sampling`,
  );
  console.log('| area (innermost frame wins) | ms | share |\n| --- | ---: | ---: |');
  for (const [name, ms] of [...area].sort((a, b) => b[1] - a[1]))
    console.log(`| ${name} | ${ms.toFixed(0)} | ${pct(ms)} |`);
  console.log('\ninclusive time under named functions (a sample counts once per name):');
  for (const [name, ms] of [...inclusive].sort((a, b) => b[1] - a[1]))
    console.log(`  ${name.padEnd(28)} ${ms.toFixed(0).padStart(7)} ms  ${pct(ms)}`);
  console.log('\nmost self time:');
  for (const [name, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`  ${ms.toFixed(0).padStart(7)} ms  ${pct(ms).padStart(6)}  ${name}`);
}

if (process.argv[1]?.endsWith('profile-summary.ts') && process.argv[2]) summariseProfile(process.argv[2]);
