import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { type Json, toStored } from './tree.ts';

const DEBOUNCE_MS = 100;

/**
 * One namespace's JSON file. Writes go to a temporary file that is fsynced and then renamed over
 * the old one, so a crash leaves either the previous or the new complete file, never a truncated one.
 */
export class DataFile {
  private timer: NodeJS.Timeout | null = null;
  private pending: (() => Json) | null = null;

  constructor(
    readonly file: string,
    private readonly log: (line: string) => void,
  ) {}

  load(): Json {
    if (!existsSync(this.file)) return null;
    const text = readFileSync(this.file, 'utf8');
    if (text.trim() === '') return null;
    return toStored(JSON.parse(text), null, Date.now());
  }

  /** Saves soon; several changes in a burst become one write. */
  schedule(snapshot: () => Json): void {
    this.pending = snapshot;
    if (this.timer) return;
    this.timer = setTimeout(() => this.flush(), DEBOUNCE_MS);
    this.timer.unref();
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const snapshot = this.pending;
    this.pending = null;
    if (!snapshot) return;
    try {
      this.writeAtomically(JSON.stringify(snapshot()));
    } catch (error) {
      this.log(`rtdb: could not save ${this.file}: ${(error as Error).message}`);
    }
  }

  private writeAtomically(text: string): void {
    mkdirSync(dirname(this.file), { recursive: true });
    const temp = `${this.file}.${process.pid}.tmp`;
    const fd = openSync(temp, 'w');
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, this.file);
  }
}
