import {
  type CompiledExpression,
  compileExpression,
  type EvalContext,
  evaluateRule,
  RulesSyntaxError,
  type RuleValue,
  Snapshot,
} from './rules-expression.ts';
import { deepEqual, getAt, isObject, type Json, type Path } from './tree.ts';

type Rule = boolean | CompiledExpression;

interface RuleNode {
  read?: Rule;
  write?: Rule;
  validate?: Rule;
  children: Map<string, RuleNode>;
  wildcard?: { name: string; node: RuleNode };
}

/** Who is asking, as the rules see them: `auth` is null when signed out. */
export interface RulesAuth {
  auth: RuleValue;
}

export class RulesError extends Error {}

/** Rules files may carry // and /* *\/ comments; strip them outside strings before JSON.parse. */
export function stripComments(source: string): string {
  let out = '';
  let i = 0;
  while (i < source.length) {
    const ch = source[i];
    if (ch === '"') {
      const start = i;
      i++;
      while (i < source.length && source[i] !== '"') i += source[i] === '\\' ? 2 : 1;
      i++;
      out += source.slice(start, i);
    } else if (ch === '/' && source[i + 1] === '/') {
      while (i < source.length && source[i] !== '\n') i++;
    } else if (ch === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      i = end === -1 ? source.length : end + 2;
    } else {
      out += ch;
      i++;
    }
  }
  return out;
}

function compileRule(value: unknown, where: string, wildcards: ReadonlySet<string>): Rule {
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'string') throw new RulesError(`${where}: a rule is a boolean or a string`);
  try {
    return compileExpression(value, wildcards);
  } catch (error) {
    if (error instanceof RulesSyntaxError) throw new RulesError(`${where}: ${error.message}`);
    throw error;
  }
}

function compileNode(raw: unknown, where: string, wildcards: ReadonlySet<string>): RuleNode {
  if (!isPlainObject(raw)) throw new RulesError(`${where}: expected an object`);
  const node: RuleNode = { children: new Map() };
  for (const [key, value] of Object.entries(raw)) {
    const at = `${where}/${key}`;
    if (key === '.read') node.read = compileRule(value, at, wildcards);
    else if (key === '.write') node.write = compileRule(value, at, wildcards);
    else if (key === '.validate') node.validate = compileRule(value, at, wildcards);
    else if (key === '.indexOn') continue;
    else if (key.startsWith('.')) throw new RulesError(`${at}: unknown rule type`);
    else if (key.startsWith('$')) {
      if (node.wildcard) throw new RulesError(`${at}: only one $wildcard per level`);
      if (wildcards.has(key)) throw new RulesError(`${at}: ${key} is already used above`);
      node.wildcard = { name: key, node: compileNode(value, at, new Set([...wildcards, key])) };
    } else node.children.set(key, compileNode(value, at, wildcards));
  }
  return node;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

interface Step {
  node: RuleNode;
  vars: Map<string, string>;
}

function childStep(step: Step, key: string): Step | null {
  const exact = step.node.children.get(key);
  if (exact) return { node: exact, vars: step.vars };
  const wildcard = step.node.wildcard;
  if (!wildcard) return null;
  return { node: wildcard.node, vars: new Map(step.vars).set(wildcard.name, key) };
}

/** The compiled `database.rules.json`. Admin callers never reach this: they bypass rules. */
export class Rules {
  private constructor(
    private readonly root: RuleNode,
    readonly source: string,
  ) {}

  static parse(source: string): Rules {
    let parsed: unknown;
    try {
      parsed = JSON.parse(stripComments(source));
    } catch (error) {
      throw new RulesError(`rules are not valid JSON: ${(error as Error).message}`);
    }
    if (!isPlainObject(parsed) || !isPlainObject(parsed.rules)) {
      throw new RulesError('rules must look like { "rules": { ... } }');
    }
    return new Rules(compileNode(parsed.rules, 'rules', new Set()), source);
  }

  /** Open rules, used when no rules file is given (as the official emulator does). */
  static open(): Rules {
    return Rules.parse('{ "rules": { ".read": true, ".write": true } }');
  }

  private context(
    who: RulesAuth,
    root: Json,
    path: Path,
    vars: Map<string, string>,
    now: number,
  ): EvalContext {
    return {
      auth: who.auth,
      now,
      root: new Snapshot(root, []),
      data: new Snapshot(root, path),
      vars,
    };
  }

  /** Reads cascade: a `.read` that grants at any level on the way down grants everything below. */
  canRead(who: RulesAuth, root: Json, path: Path, now: number, query?: RuleValue): boolean {
    let step: Step | null = { node: this.root, vars: new Map() };
    for (let depth = 0; step; depth++) {
      const rule = step.node.read;
      if (rule !== undefined) {
        const ctx = this.context(who, root, path.slice(0, depth), step.vars, now);
        if (query !== undefined) ctx.query = query;
        if (rule === true || (rule !== false && evaluateRule(rule, ctx))) return true;
      }
      if (depth === path.length) return false;
      step = childStep(step, path[depth] as string);
    }
    return false;
  }

  /**
   * A write at each of `written` is allowed when a `.write` grants at or above it, or, failing
   * that, grants for every changed location below it; then `.validate` must pass at every location
   * whose value changed and is not null (ancestors included).
   */
  canWrite(who: RulesAuth, oldRoot: Json, newRoot: Json, written: readonly Path[], now: number): boolean {
    const evalAt = (rule: Rule | undefined, step: Step, path: Path): boolean => {
      if (rule === undefined || rule === false) return false;
      if (rule === true) return true;
      const ctx = this.context(who, oldRoot, path, step.vars, now);
      ctx.newData = new Snapshot(newRoot, path);
      return evaluateRule(rule, ctx);
    };

    const grantedBelow = (step: Step, path: Path): boolean => {
      const before = getAt(oldRoot, path);
      const after = getAt(newRoot, path);
      if (deepEqual(before, after)) return true;
      if (!(before === null || isObject(before)) || !(after === null || isObject(after))) return false;
      const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
      for (const key of keys) {
        const childPath = [...path, key];
        if (deepEqual(getAt(oldRoot, childPath), getAt(newRoot, childPath))) continue;
        const child = childStep(step, key);
        if (!child) return false;
        if (!evalAt(child.node.write, child, childPath) && !grantedBelow(child, childPath)) return false;
      }
      return true;
    };

    const writeAllowed = (path: Path): boolean => {
      let step: Step | null = { node: this.root, vars: new Map() };
      for (let depth = 0; step; depth++) {
        const here = path.slice(0, depth);
        if (evalAt(step.node.write, step, here)) return true;
        if (depth === path.length) return grantedBelow(step, here);
        step = childStep(step, path[depth] as string);
      }
      return false;
    };

    const validates = (step: Step, path: Path): boolean => {
      const after = getAt(newRoot, path);
      if (after === null || deepEqual(getAt(oldRoot, path), after)) return true;
      if (step.node.validate !== undefined && !evalAt(step.node.validate, step, path)) return false;
      return true;
    };

    const validatesBelow = (step: Step, path: Path): boolean => {
      if (!validates(step, path)) return false;
      const after = getAt(newRoot, path);
      if (!isObject(after) || deepEqual(getAt(oldRoot, path), after)) return true;
      for (const key of Object.keys(after)) {
        const child = childStep(step, key);
        if (child && !validatesBelow(child, [...path, key])) return false;
      }
      return true;
    };

    const validAt = (path: Path): boolean => {
      let step: Step | null = { node: this.root, vars: new Map() };
      for (let depth = 0; step; depth++) {
        const here = path.slice(0, depth);
        if (depth === path.length) return validatesBelow(step, here);
        if (!validates(step, here)) return false;
        step = childStep(step, path[depth] as string);
      }
      return true;
    };

    return written.every((path) => writeAllowed(path)) && written.every((path) => validAt(path));
  }
}
