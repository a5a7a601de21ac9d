import { CompiledQuery } from 'kysely';
import type { Db } from '../../functions/src/lib/db.ts';

/** EXPLAIN (ANALYZE, BUFFERS) of captured statements, re-run with their own parameters. */

export interface Captured {
  sql: string;
  parameters: readonly unknown[];
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  'Sort Method'?: string;
  Plans?: PlanNode[];
}

export interface PlanSummary {
  /** The first line of the statement, shortened. */
  statement: string;
  /** Depth-first node list: "Limit > Index Scan posts_created_idx (21)". */
  shape: string;
  /** Shared buffers the whole statement hit in cache / read from storage. */
  buffersHit: number;
  buffersRead: number;
  executionMs: number;
  /** Seq scans or sorts that handled more than `wideRows` rows: the page cost grows with the table. */
  warnings: string[];
  /** The scans of the posts table and its indexes, "Index Scan posts_created_idx (21)". */
  postScans: string[];
  text: string;
}

const wideRows = 2000;

function nodeLabel(node: PlanNode): string {
  const target = node['Index Name'] ?? node['Relation Name'];
  const rows = Math.round(node['Actual Rows'] * node['Actual Loops']);
  return `${node['Node Type']}${target ? ` ${target}` : ''} (${rows})`;
}

interface Walk {
  labels: string[];
  warnings: string[];
  postScans: string[];
}

function walk(node: PlanNode, depth: number, out: Walk): void {
  const rows = Math.round(node['Actual Rows'] * node['Actual Loops']);
  out.labels.push(`${'  '.repeat(depth)}${nodeLabel(node)}`);
  if (node['Relation Name'] === 'posts' || node['Index Name']?.startsWith('posts_')) {
    out.postScans.push(nodeLabel(node));
  }
  if (node['Node Type'].endsWith('Scan') && node['Relation Name'] && rows > wideRows) {
    out.warnings.push(`${nodeLabel(node)} on ${node['Relation Name']}: ${rows} rows`);
  }
  if ((node['Node Type'] === 'Sort' || node['Node Type'] === 'Incremental Sort') && node.Plans?.[0]) {
    const input = node.Plans[0]['Actual Rows'] * node.Plans[0]['Actual Loops'];
    if (input > wideRows)
      out.warnings.push(`${node['Node Type']} over ${input} rows (${node['Sort Method']})`);
  }
  if (node['Node Type'] === 'Aggregate' || node['Node Type'] === 'HashAggregate') {
    const input = (node.Plans ?? []).reduce((n, p) => n + p['Actual Rows'] * p['Actual Loops'], 0);
    if (input > wideRows) out.warnings.push(`${node['Node Type']} over ${input} rows`);
  }
  for (const child of node.Plans ?? []) walk(child, depth + 1, out);
}

export async function explain(db: Db, query: Captured): Promise<PlanSummary> {
  const json = await db.executeQuery<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] }>(
    CompiledQuery.raw(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${query.sql}`, [...query.parameters]),
  );
  const text = await db.executeQuery<{ 'QUERY PLAN': string }>(
    CompiledQuery.raw(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${query.sql}`, [...query.parameters]),
  );
  const [root] = json.rows[0]!['QUERY PLAN'];
  const out: Walk = { labels: [], warnings: [], postScans: [] };
  walk(root.Plan, 0, out);
  return {
    statement: query.sql.replace(/\s+/g, ' ').trim().slice(0, 100),
    shape: out.labels.join('\n'),
    buffersHit: root.Plan['Shared Hit Blocks'] ?? 0,
    buffersRead: root.Plan['Shared Read Blocks'] ?? 0,
    executionMs: root['Execution Time'],
    warnings: out.warnings,
    postScans: out.postScans,
    text: text.rows.map((r) => r['QUERY PLAN']).join('\n'),
  };
}
