import { getAt, isObject, type Json, type Path, parsePath } from './tree.ts';

/**
 * The RTDB rules expression language, parsed into a tree and interpreted. Never eval/new Function:
 * rule text comes from a file anyone in the repo can edit.
 */

export class RulesSyntaxError extends Error {}

/** A failed evaluation (null member, wrong type...): the rule then counts as false, as in RTDB. */
class RuleEvalFailure extends Error {}

/** `root`, `data`, `newData` and their children: a location in a (read-only) tree. */
export class Snapshot {
  constructor(
    readonly tree: Json,
    readonly path: Path,
  ) {}
  value(): Json {
    return getAt(this.tree, this.path);
  }
}

export type RuleValue =
  | null
  | boolean
  | number
  | string
  | Snapshot
  | RegExp
  | RuleValue[]
  | { readonly [key: string]: RuleValue };

export interface EvalContext {
  auth: RuleValue;
  now: number;
  root: Snapshot;
  data: Snapshot;
  newData?: Snapshot;
  query?: RuleValue;
  vars: ReadonlyMap<string, string>;
}

type Expr =
  | { kind: 'literal'; value: null | boolean | number | string }
  | { kind: 'regex'; value: RegExp }
  | { kind: 'name'; name: string }
  | { kind: 'member'; object: Expr; name: string }
  | { kind: 'index'; object: Expr; index: Expr }
  | { kind: 'call'; object: Expr; method: string; args: Expr[] }
  | { kind: 'array'; items: Expr[] }
  | { kind: 'unary'; op: '!' | '-'; operand: Expr }
  | { kind: 'binary'; op: string; left: Expr; right: Expr }
  | { kind: 'conditional'; test: Expr; then: Expr; otherwise: Expr };

export type CompiledExpression = Expr;

type Token =
  | { type: 'number'; value: number; at: number }
  | { type: 'string'; value: string; at: number }
  | { type: 'regex'; value: RegExp; at: number }
  | { type: 'name'; value: string; at: number }
  | { type: 'punct'; value: string; at: number }
  | { type: 'end'; at: number };

const PUNCTUATORS = [
  '===',
  '!==',
  '==',
  '!=',
  '<=',
  '>=',
  '&&',
  '||',
  '<',
  '>',
  '!',
  '+',
  '-',
  '*',
  '/',
  '%',
];
const SINGLE = '()[].,?:';
const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0' };

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  // A '/' starts a regex only where an operand is expected (after an operator or opening bracket).
  const operandExpected = () => {
    const last = tokens[tokens.length - 1];
    return !last || (last.type === 'punct' && last.value !== ')' && last.value !== ']');
  };
  while (i < source.length) {
    const ch = source[i] as string;
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    const at = i;
    if (/[0-9]/.test(ch)) {
      const match = /^(\d+(\.\d+)?([eE][+-]?\d+)?)/.exec(source.slice(i));
      const text = match?.[1] ?? ch;
      tokens.push({ type: 'number', value: Number(text), at });
      i += text.length;
      continue;
    }
    if (/[A-Za-z_$]/.test(ch)) {
      const match = /^[A-Za-z_$][A-Za-z0-9_$]*/.exec(source.slice(i));
      const text = match?.[0] ?? ch;
      tokens.push({ type: 'name', value: text, at });
      i += text.length;
      continue;
    }
    if (ch === '"' || ch === "'") {
      let value = '';
      i++;
      while (i < source.length && source[i] !== ch) {
        if (source[i] === '\\') {
          const next = source[i + 1] ?? '';
          if (next === 'u') {
            const hex = source.slice(i + 2, i + 6);
            if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new RulesSyntaxError(`bad \\u escape at ${i}`);
            value += String.fromCharCode(parseInt(hex, 16));
            i += 6;
          } else {
            value += ESCAPES[next] ?? next;
            i += 2;
          }
        } else {
          value += source[i];
          i++;
        }
      }
      if (i >= source.length) throw new RulesSyntaxError(`unterminated string at ${at}`);
      i++;
      tokens.push({ type: 'string', value, at });
      continue;
    }
    if (ch === '/' && operandExpected()) {
      let body = '';
      let inClass = false;
      i++;
      while (i < source.length && (source[i] !== '/' || inClass)) {
        if (source[i] === '\\') {
          body += source.slice(i, i + 2);
          i += 2;
          continue;
        }
        if (source[i] === '[') inClass = true;
        if (source[i] === ']') inClass = false;
        body += source[i];
        i++;
      }
      if (i >= source.length) throw new RulesSyntaxError(`unterminated regular expression at ${at}`);
      i++;
      const flags = /^[a-z]*/.exec(source.slice(i))?.[0] ?? '';
      if (flags !== '' && flags !== 'i')
        throw new RulesSyntaxError(`only the i flag is supported (at ${at})`);
      i += flags.length;
      try {
        tokens.push({ type: 'regex', value: new RegExp(body, flags), at });
      } catch (error) {
        throw new RulesSyntaxError(`bad regular expression at ${at}: ${(error as Error).message}`);
      }
      continue;
    }
    const punct = PUNCTUATORS.find((p) => source.startsWith(p, i)) ?? (SINGLE.includes(ch) ? ch : null);
    if (!punct) throw new RulesSyntaxError(`unexpected character ${JSON.stringify(ch)} at ${at}`);
    tokens.push({ type: 'punct', value: punct, at });
    i += punct.length;
  }
  tokens.push({ type: 'end', at: source.length });
  return tokens;
}

const BINARY_PRECEDENCE: Record<string, number> = {
  '||': 1,
  '&&': 2,
  '==': 3,
  '!=': 3,
  '===': 3,
  '!==': 3,
  '<': 4,
  '>': 4,
  '<=': 4,
  '>=': 4,
  '+': 5,
  '-': 5,
  '*': 6,
  '/': 6,
  '%': 6,
};

const GLOBALS = new Set(['auth', 'now', 'root', 'data', 'newData', 'query']);

class Parser {
  private pos = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly names: ReadonlySet<string>,
  ) {}

  private peek(): Token {
    return this.tokens[this.pos] as Token;
  }

  private next(): Token {
    const token = this.peek();
    if (token.type !== 'end') this.pos++;
    return token;
  }

  private isPunct(value: string): boolean {
    const token = this.peek();
    return token.type === 'punct' && token.value === value;
  }

  private expect(value: string): void {
    const token = this.next();
    if (token.type !== 'punct' || token.value !== value) {
      throw new RulesSyntaxError(`expected ${JSON.stringify(value)} at ${token.at}`);
    }
  }

  parseAll(): Expr {
    const expr = this.parseConditional();
    const token = this.peek();
    if (token.type !== 'end') throw new RulesSyntaxError(`unexpected input at ${token.at}`);
    return expr;
  }

  private parseConditional(): Expr {
    const test = this.parseBinary(1);
    if (!this.isPunct('?')) return test;
    this.next();
    const then = this.parseConditional();
    this.expect(':');
    const otherwise = this.parseConditional();
    return { kind: 'conditional', test, then, otherwise };
  }

  private parseBinary(minPrecedence: number): Expr {
    let left = this.parseUnary();
    for (;;) {
      const token = this.peek();
      const precedence = token.type === 'punct' ? BINARY_PRECEDENCE[token.value] : undefined;
      if (token.type !== 'punct' || precedence === undefined || precedence < minPrecedence) return left;
      this.next();
      const right = this.parseBinary(precedence + 1);
      left = { kind: 'binary', op: token.value, left, right };
    }
  }

  private parseUnary(): Expr {
    if (this.isPunct('!') || this.isPunct('-')) {
      const op = (this.next() as { value: '!' | '-' }).value;
      return { kind: 'unary', op, operand: this.parseUnary() };
    }
    return this.parsePostfix(this.parsePrimary());
  }

  private parsePostfix(start: Expr): Expr {
    let expr = start;
    for (;;) {
      if (this.isPunct('.')) {
        this.next();
        const name = this.next();
        if (name.type !== 'name') throw new RulesSyntaxError(`expected a name after '.' at ${name.at}`);
        if (this.isPunct('(')) {
          this.next();
          const args: Expr[] = [];
          while (!this.isPunct(')')) {
            args.push(this.parseConditional());
            if (!this.isPunct(')')) this.expect(',');
          }
          this.next();
          expr = { kind: 'call', object: expr, method: name.value, args };
        } else {
          expr = { kind: 'member', object: expr, name: name.value };
        }
      } else if (this.isPunct('[')) {
        this.next();
        const index = this.parseConditional();
        this.expect(']');
        expr = { kind: 'index', object: expr, index };
      } else {
        return expr;
      }
    }
  }

  private parsePrimary(): Expr {
    const token = this.next();
    switch (token.type) {
      case 'number':
      case 'string':
        return { kind: 'literal', value: token.value };
      case 'regex':
        return { kind: 'regex', value: token.value };
      case 'name':
        if (token.value === 'true' || token.value === 'false') {
          return { kind: 'literal', value: token.value === 'true' };
        }
        if (token.value === 'null') return { kind: 'literal', value: null };
        if (!GLOBALS.has(token.value) && !this.names.has(token.value)) {
          throw new RulesSyntaxError(`unknown variable ${token.value} at ${token.at}`);
        }
        return { kind: 'name', name: token.value };
      case 'punct':
        if (token.value === '(') {
          const inner = this.parseConditional();
          this.expect(')');
          return inner;
        }
        if (token.value === '[') {
          const items: Expr[] = [];
          while (!this.isPunct(']')) {
            items.push(this.parseConditional());
            if (!this.isPunct(']')) this.expect(',');
          }
          this.next();
          return { kind: 'array', items };
        }
        throw new RulesSyntaxError(`unexpected ${JSON.stringify(token.value)} at ${token.at}`);
      default:
        throw new RulesSyntaxError(`unexpected end of rule at ${token.at}`);
    }
  }
}

/** Parses a rule; `wildcards` are the `$names` in scope, anything else unknown is an error. */
export function compileExpression(source: string, wildcards: ReadonlySet<string>): CompiledExpression {
  return new Parser(tokenize(source), wildcards).parseAll();
}

function fail(message: string): never {
  throw new RuleEvalFailure(message);
}

function asString(value: RuleValue, what: string): string {
  return typeof value === 'string' ? value : fail(`${what} needs a string`);
}

function asBoolean(value: RuleValue): boolean {
  if (typeof value === 'boolean') return value;
  if (value === null) return false;
  return fail('expected a boolean');
}

function childPath(snapshot: Snapshot, raw: RuleValue): Snapshot {
  const path = parsePath(asString(raw, 'child()'));
  return new Snapshot(snapshot.tree, [...snapshot.path, ...path]);
}

function snapshotMethod(snapshot: Snapshot, method: string, args: RuleValue[]): RuleValue {
  const value = snapshot.value();
  switch (method) {
    case 'val':
      return value;
    case 'exists':
      return value !== null;
    case 'child':
      return childPath(snapshot, args[0] ?? null);
    case 'parent':
      return snapshot.path.length === 0
        ? fail('root has no parent')
        : new Snapshot(snapshot.tree, snapshot.path.slice(0, -1));
    case 'hasChild':
      return childPath(snapshot, args[0] ?? null).value() !== null;
    case 'hasChildren': {
      if (args.length === 0) return isObject(value);
      const names = args[0];
      if (!Array.isArray(names)) return fail('hasChildren() needs an array');
      return names.every((name) => childPath(snapshot, name).value() !== null);
    }
    case 'isNumber':
      return typeof value === 'number';
    case 'isString':
      return typeof value === 'string';
    case 'isBoolean':
      return typeof value === 'boolean';
    case 'getPriority':
      return null;
    default:
      return fail(`unknown snapshot method ${method}`);
  }
}

function stringMethod(text: string, method: string, args: RuleValue[]): RuleValue {
  const arg = (i: number) => asString(args[i] ?? null, `${method}()`);
  switch (method) {
    case 'contains':
      return text.includes(arg(0));
    case 'beginsWith':
      return text.startsWith(arg(0));
    case 'endsWith':
      return text.endsWith(arg(0));
    case 'replace':
      return text.split(arg(0)).join(arg(1));
    case 'toLowerCase':
      return text.toLowerCase();
    case 'toUpperCase':
      return text.toUpperCase();
    case 'matches': {
      const pattern = args[0];
      return pattern instanceof RegExp ? pattern.test(text) : fail('matches() needs a regular expression');
    }
    default:
      return fail(`unknown string method ${method}`);
  }
}

function property(object: RuleValue, name: string): RuleValue {
  if (typeof object === 'string' && name === 'length') return object.length;
  if (
    object === null ||
    typeof object !== 'object' ||
    object instanceof Snapshot ||
    object instanceof RegExp
  ) {
    return fail(`cannot read ${name}`);
  }
  if (Array.isArray(object)) return fail(`cannot read ${name} of an array`);
  return Object.hasOwn(object, name) ? (object[name] ?? null) : null;
}

function equal(a: RuleValue, b: RuleValue): boolean {
  if (a instanceof Snapshot || b instanceof Snapshot) return fail('compare .val(), not snapshots');
  return a === b;
}

function compare(op: string, a: RuleValue, b: RuleValue): boolean {
  const ok =
    (typeof a === 'number' && typeof b === 'number') || (typeof a === 'string' && typeof b === 'string');
  if (!ok) return fail(`${op} needs two numbers or two strings`);
  const x = a as number | string;
  const y = b as number | string;
  switch (op) {
    case '<':
      return x < y;
    case '>':
      return x > y;
    case '<=':
      return x <= y;
    default:
      return x >= y;
  }
}

function arithmetic(op: string, a: RuleValue, b: RuleValue): RuleValue {
  if (op === '+' && (typeof a === 'string' || typeof b === 'string')) {
    const part = (v: RuleValue) =>
      typeof v === 'string' || typeof v === 'number' ? String(v) : fail('+ joins strings and numbers');
    return part(a) + part(b);
  }
  if (typeof a !== 'number' || typeof b !== 'number') return fail(`${op} needs numbers`);
  switch (op) {
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return a * b;
    case '/':
      return a / b;
    default:
      return a % b;
  }
}

function evaluate(expr: Expr, ctx: EvalContext): RuleValue {
  switch (expr.kind) {
    case 'literal':
    case 'regex':
      return expr.value;
    case 'array':
      return expr.items.map((item) => evaluate(item, ctx));
    case 'name':
      switch (expr.name) {
        case 'auth':
          return ctx.auth;
        case 'now':
          return ctx.now;
        case 'root':
          return ctx.root;
        case 'data':
          return ctx.data;
        case 'newData':
          return ctx.newData ?? fail('newData only exists in .write and .validate');
        case 'query':
          return ctx.query ?? null;
        default:
          return ctx.vars.get(expr.name) ?? fail(`${expr.name} is not bound`);
      }
    case 'member':
      return property(evaluate(expr.object, ctx), expr.name);
    case 'index': {
      const object = evaluate(expr.object, ctx);
      const index = evaluate(expr.index, ctx);
      if (Array.isArray(object) && typeof index === 'number') return object[index] ?? null;
      return property(object, asString(index, '[]'));
    }
    case 'call': {
      const object = evaluate(expr.object, ctx);
      const args = expr.args.map((arg) => evaluate(arg, ctx));
      if (object instanceof Snapshot) return snapshotMethod(object, expr.method, args);
      if (typeof object === 'string') return stringMethod(object, expr.method, args);
      return fail(`cannot call ${expr.method}()`);
    }
    case 'unary': {
      const operand = evaluate(expr.operand, ctx);
      if (expr.op === '!') return !asBoolean(operand);
      return typeof operand === 'number' ? -operand : fail('- needs a number');
    }
    case 'conditional':
      return asBoolean(evaluate(expr.test, ctx)) ? evaluate(expr.then, ctx) : evaluate(expr.otherwise, ctx);
    case 'binary': {
      if (expr.op === '&&')
        return asBoolean(evaluate(expr.left, ctx)) && asBoolean(evaluate(expr.right, ctx));
      if (expr.op === '||')
        return asBoolean(evaluate(expr.left, ctx)) || asBoolean(evaluate(expr.right, ctx));
      const left = evaluate(expr.left, ctx);
      const right = evaluate(expr.right, ctx);
      switch (expr.op) {
        case '==':
        case '===':
          return equal(left, right);
        case '!=':
        case '!==':
          return !equal(left, right);
        case '<':
        case '>':
        case '<=':
        case '>=':
          return compare(expr.op, left, right);
        default:
          return arithmetic(expr.op, left, right);
      }
    }
  }
}

/** True only when the expression evaluates to exactly `true`; errors deny. */
export function evaluateRule(expr: CompiledExpression, ctx: EvalContext): boolean {
  try {
    return evaluate(expr, ctx) === true;
  } catch (error) {
    if (error instanceof RuleEvalFailure) return false;
    throw error;
  }
}

/** Plain JSON (token claims, auth overrides) as rule values. */
export function toRuleValue(value: unknown): RuleValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.map(toRuleValue);
  if (typeof value === 'object') {
    const out: Record<string, RuleValue> = Object.create(null) as Record<string, RuleValue>;
    for (const [key, inner] of Object.entries(value)) out[key] = toRuleValue(inner);
    return out;
  }
  return null;
}
