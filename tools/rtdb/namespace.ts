import type { Principal } from './auth-token.ts';
import type { DataFile } from './persistence.ts';
import type { Rules } from './rules.ts';
import type { RuleValue } from './rules-expression.ts';
import {
  getAt,
  hashValue,
  InvalidDataError,
  isValidKey,
  type Json,
  type Path,
  parsePath,
  setAt,
  toStored,
} from './tree.ts';

export type WriteOp =
  | { kind: 'set'; path: Path; value: unknown }
  | { kind: 'merge'; path: Path; children: Record<string, unknown> };

/** What listeners are told about a committed write. */
export type Change = { kind: 'set'; path: Path } | { kind: 'merge'; path: Path; keys: Path[] };

export type WriteStatus = 'ok' | 'permission_denied' | 'datastale' | 'invalid_data';

export interface ChangeListener {
  onChange(change: Change): void;
}

interface Prepared {
  newRoot: Json;
  written: Path[];
  change: Change;
}

/** One database (the `ns` query parameter): its tree, its file and its connected sessions. */
export class Namespace {
  private root: Json;
  readonly listeners = new Set<ChangeListener>();

  constructor(
    readonly name: string,
    private readonly rules: () => Rules,
    private readonly file: DataFile | null,
  ) {
    this.root = file ? file.load() : null;
  }

  read(path: Path): Json {
    return getAt(this.root, path);
  }

  canRead(who: Principal, path: Path, query?: RuleValue): boolean {
    return who.admin || this.rules().canRead(who, this.root, path, Date.now(), query);
  }

  private prepare(op: WriteOp, now: number): Prepared {
    if (op.kind === 'set') {
      const value = toStored(op.value, getAt(this.root, op.path), now);
      return {
        newRoot: setAt(this.root, op.path, value),
        written: [op.path],
        change: { kind: 'set', path: op.path },
      };
    }
    let newRoot = this.root;
    const keys: Path[] = [];
    for (const [key, raw] of Object.entries(op.children)) {
      const relative = parsePath(key);
      if (relative.length === 0 || !relative.every(isValidKey)) {
        throw new InvalidDataError(`invalid update key ${JSON.stringify(key)}`);
      }
      const path = [...op.path, ...relative];
      newRoot = setAt(newRoot, path, toStored(raw, getAt(this.root, path), now));
      keys.push(relative);
    }
    return {
      newRoot,
      written: keys.map((key) => [...op.path, ...key]),
      change: { kind: 'merge', path: op.path, keys },
    };
  }

  private permitted(who: Principal, prepared: Prepared, now: number): boolean {
    return who.admin || this.rules().canWrite(who, this.root, prepared.newRoot, prepared.written, now);
  }

  /** Checks a write without applying it (onDisconnect registrations are checked when made). */
  check(who: Principal, op: WriteOp): WriteStatus {
    const now = Date.now();
    try {
      return this.permitted(who, this.prepare(op, now), now) ? 'ok' : 'permission_denied';
    } catch (error) {
      if (error instanceof InvalidDataError) return 'invalid_data';
      throw error;
    }
  }

  /**
   * Applies a write if the rules allow it (and, for transactions, if `hash` still matches), then
   * tells every listener before returning, so the writer's ack follows its own data events.
   */
  write(who: Principal, op: WriteOp, hash?: string): WriteStatus {
    const now = Date.now();
    if (hash !== undefined && hashValue(getAt(this.root, op.path)) !== hash) return 'datastale';
    let prepared: Prepared;
    try {
      prepared = this.prepare(op, now);
    } catch (error) {
      if (error instanceof InvalidDataError) return 'invalid_data';
      throw error;
    }
    if (!this.permitted(who, prepared, now)) return 'permission_denied';
    if (prepared.change.kind === 'merge' && prepared.change.keys.length === 0) return 'ok';
    this.root = prepared.newRoot;
    this.file?.schedule(() => this.root);
    for (const listener of this.listeners) listener.onChange(prepared.change);
    return 'ok';
  }

  flush(): void {
    this.file?.flush();
  }
}
