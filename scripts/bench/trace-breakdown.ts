/**
 * Summarises a DevTools trace of one page load (scripts/bench/member-trace.ts): the renderer main
 * thread's self time, from navigation start to `contentMs`, by kind and by script file, and its tasks.
 */
export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: Record<string, unknown>; name?: string; fileName?: string };
}

const kinds: [RegExp, string][] = [
  [/^(v8\.compile|v8\.compileModule|V8\.CompileCode|v8\.produceCache|v8\.produceModuleCache)$/, 'compile'],
  [/^(v8\.deserializeOnBackground|v8\.consumeCache|V8\.DeserializeContext)/, 'compile'],
  [/^(EvaluateScript|v8\.evaluateModule|FunctionCall|v8\.callFunction|RunMicrotasks|v8\.run)$/, 'script'],
  [/^(TimerFire|FireAnimationFrame|EventDispatch|FireIdleCallback|v8\.callModuleMethod)/, 'script'],
  [/^(UpdateLayoutTree|RecalculateStyles|Layout|ParseAuthorStyleSheet|InvalidateLayout)$/, 'style+layout'],
  [/^(Paint|PrePaint|Layerize|UpdateLayer|PaintImage|Commit|CompositeLayers)$/, 'paint'],
  [/^ParseHTML$/, 'HTML'],
  [/GC/, 'GC'],
];
const kindOf = (name: string) => kinds.find(([re]) => re.test(name))?.[1];

const short = (url: unknown) => {
  if (typeof url !== 'string' || url === '') return '';
  const file = url.split('?')[0]?.split('/').pop() ?? url;
  return file.replace(/-[\w-]{8}\.js$/, '.js');
};
const urlOf = (e: TraceEvent) => short(e.args?.data?.url ?? e.args?.data?.scriptName ?? e.args?.fileName);

interface Node {
  e: TraceEvent;
  end: number;
  self: number;
  label: string;
  kind: string;
}

/** Self time of each complete event on one thread (children subtracted), with inherited labels. */
function selfTimes(events: TraceEvent[]): Node[] {
  const sorted = events.filter((e) => e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts);
  const stack: Node[] = [];
  const out: Node[] = [];
  for (const e of sorted) {
    const end = e.ts + (e.dur ?? 0);
    while (stack.length && (stack[stack.length - 1]?.end ?? 0) <= e.ts) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent) parent.self -= Math.min(e.dur ?? 0, parent.end - e.ts);
    const kind = kindOf(e.name) ?? parent?.kind ?? 'other';
    const url = urlOf(e);
    const label = kind === 'compile' || kind === 'script' ? url || parent?.label || '(inline)' : '';
    const node: Node = { e, end, self: e.dur ?? 0, label, kind };
    stack.push(node);
    out.push(node);
  }
  return out;
}

const ms = (us: number) => (us / 1000).toFixed(0).padStart(5);

/** The report for one load: `contentMs` from navigation start, `commits` DOM mutation batches. */
export function breakdown(events: TraceEvent[], contentMs: number, commits: number): string {
  const nav = events.filter(
    (e) => e.name === 'navigationStart' && String(e.args?.data?.documentLoaderURL ?? '').startsWith('http'),
  );
  const start = nav[nav.length - 1];
  if (!start) return 'no navigationStart in the trace';
  const end = start.ts + contentMs * 1000;
  const main = events.filter(
    (e) => e.pid === start.pid && e.tid === start.tid && e.ts >= start.ts && e.ts < end,
  );
  const nodes = selfTimes(main);
  const byKind = new Map<string, number>();
  const byFile = new Map<string, number>();
  for (const n of nodes) {
    byKind.set(n.kind, (byKind.get(n.kind) ?? 0) + n.self);
    if (n.label) byFile.set(`${n.kind} ${n.label}`, (byFile.get(`${n.kind} ${n.label}`) ?? 0) + n.self);
  }
  const tasks = nodes.filter((n) => /RunTask$/.test(n.e.name) && (n.e.dur ?? 0) > 8000);
  const busy = nodes.filter((n) => /RunTask$/.test(n.e.name)).reduce((s, n) => s + (n.e.dur ?? 0), 0);
  const marks = events
    .filter((e) => e.cat.includes('blink.user_timing') && e.name.startsWith('kring:') && e.ts >= start.ts)
    .map((e) => `${e.name} ${ms(e.ts - start.ts).trim()} ms`);
  const lines = [
    `first content ${contentMs.toFixed(0)} ms; main thread busy ${ms(busy).trim()} ms in tasks; ${commits} DOM mutation batches before it`,
    `marks: ${marks.join(', ') || '–'}`,
    'self time by kind (ms):',
    ...[...byKind].sort((a, b) => b[1] - a[1]).map(([k, v]) => `  ${ms(v)}  ${k}`),
    'compile / script by file (ms, top 12):',
    ...[...byFile]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)
      .map(([k, v]) => `  ${ms(v)}  ${k}`),
    'tasks over 8 ms (start, duration, what ran most):',
    ...tasks.map((t) => `  ${ms(t.e.ts - start.ts)} +${ms(t.e.dur ?? 0).trim()}  ${topOf(nodes, t)}`),
  ];
  return lines.join('\n');
}

/** What a task spent most of its self time on (kind and file). */
function topOf(nodes: Node[], task: Node): string {
  const inside = new Map<string, number>();
  for (const n of nodes) {
    if (n.e.ts < task.e.ts || n.end > task.end) continue;
    const key = `${n.kind}${n.label ? ` ${n.label}` : ''}`;
    inside.set(key, (inside.get(key) ?? 0) + n.self);
  }
  return [...inside]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([k, v]) => `${k} ${ms(v).trim()}`)
    .join(', ');
}
