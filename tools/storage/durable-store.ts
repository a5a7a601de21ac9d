// Durable state for the storage server. The emulator keeps metadata in memory and blobs in a working
// folder under names it picks at random, so this store keeps its own copy:
//
//   <dataDir>/journal.jsonl   one JSON record per line: {bucket} | {put, blob, metadata} | {delete}
//   <dataDir>/blobs/<name>    hard links to the emulator's blobs (a blob never changes once written)
//   <dataDir>/live/           the emulator's working folder; emptied on every start and clean stop
//
// After each request that changed anything, sync() links the new blobs and appends that request's
// records in one write, before the response leaves. A cost per change, not per stored object.
// On start the journal is replayed (a line cut short by a kill is dropped), rewritten compactly, and
// handed to the emulator's own StorageLayer.import in firebase-tools' export format.
import {
  appendFileSync,
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';

/** One object as the emulator holds it now. */
export interface LiveObject {
  /** The emulator's key: path.join(bucket, name). */
  key: string;
  /** The emulator's name for the blob in the working folder. */
  blob: string;
  /** Changes whenever the blob or the metadata does. */
  signature: string;
  /** `StoredFileMetadata.toJSON` output; read only for changed objects. */
  metadataJson(): string;
}

interface Committed {
  blob: string;
  signature: string;
  metadata: unknown;
}

type JournalRecord =
  | { bucket: string }
  | { put: string; blob: string; metadata: unknown }
  | { delete: string };

export class DurableStore {
  readonly liveDir: string;
  private readonly blobsDir: string;
  private readonly journal: string;
  private readonly importDir: string;
  private committed = new Map<string, Committed>();
  private buckets = new Set<string>();
  private records = 0;

  constructor(dataDir: string) {
    this.liveDir = join(dataDir, 'live');
    this.blobsDir = join(dataDir, 'blobs');
    this.journal = join(dataDir, 'journal.jsonl');
    this.importDir = join(dataDir, 'import');
  }

  /**
   * Replays the journal, drops what a kill left half-done and writes the state as an export
   * folder for StorageLayer.import. Returns that folder (none when there is nothing to load).
   */
  open(warn: (line: string) => void): string | undefined {
    mkdirSync(this.blobsDir, { recursive: true });
    for (const leftover of [this.liveDir, this.importDir, `${this.journal}.tmp`]) {
      rmSync(leftover, { recursive: true, force: true });
    }
    if (existsSync(this.journal)) this.replay(readFileSync(this.journal, 'utf8'), warn);
    for (const [key, { blob }] of this.committed) {
      if (!existsSync(this.blobPath(blob))) {
        warn(`storage: ${key} lost its blob; dropped`);
        this.committed.delete(key);
      }
    }
    // Blobs linked by a sync that was killed before its journal write, or freed by one killed after.
    const referenced = new Set([...this.committed.values()].map(({ blob }) => encodeURIComponent(blob)));
    for (const file of readdirSync(this.blobsDir)) {
      if (!referenced.has(file)) rmSync(join(this.blobsDir, file), { force: true });
    }
    this.compact();
    if (this.committed.size === 0) return undefined;

    mkdirSync(join(this.importDir, 'blobs'), { recursive: true });
    mkdirSync(join(this.importDir, 'metadata'));
    const buckets = [...this.buckets].map((id) => ({ id }));
    writeFileSync(join(this.importDir, 'buckets.json'), JSON.stringify({ buckets }));
    for (const { blob, metadata } of this.committed.values()) {
      // import finds a blob by its metadata file's name, minus ".json".
      const name = encodeURIComponent(blob);
      linkOrCopy(this.blobPath(blob), join(this.importDir, 'blobs', name));
      writeFileSync(join(this.importDir, 'metadata', `${name}.json`), JSON.stringify(metadata));
    }
    return this.importDir;
  }

  /** After an import the emulator holds copies under new names: make the store refer to those. */
  adopt(buckets: Iterable<string>, objects: Iterable<LiveObject>): void {
    const previous = this.committed;
    this.committed = new Map();
    for (const object of objects) {
      linkOrCopy(join(this.liveDir, encodeURIComponent(object.blob)), this.blobPath(object.blob));
      this.committed.set(object.key, this.committedOf(object));
    }
    this.buckets = new Set(buckets);
    this.compact();
    for (const { blob } of previous.values()) rmSync(this.blobPath(blob), { force: true });
    rmSync(this.importDir, { recursive: true, force: true });
  }

  /**
   * Records every difference between the emulator's state and the last one recorded. Synchronous
   * on purpose: no other request can change the state half-way, and the caller answers its client
   * only afterwards.
   */
  sync(buckets: Iterable<string>, objects: Iterable<LiveObject>): void {
    const records: JournalRecord[] = [];
    const next = new Map<string, Committed>();
    const freed: string[] = [];
    for (const id of buckets) if (!this.buckets.has(id)) records.push({ bucket: id });
    for (const object of objects) {
      const before = this.committed.get(object.key);
      if (before?.signature === object.signature) {
        next.set(object.key, before);
        continue;
      }
      if (before?.blob !== object.blob) {
        linkOrCopy(join(this.liveDir, encodeURIComponent(object.blob)), this.blobPath(object.blob));
        if (before) freed.push(before.blob);
      }
      const committed = this.committedOf(object);
      next.set(object.key, committed);
      records.push({ put: object.key, blob: committed.blob, metadata: committed.metadata });
    }
    for (const [key, { blob }] of this.committed) {
      if (!next.has(key)) {
        records.push({ delete: key });
        freed.push(blob);
      }
    }
    if (records.length === 0) return;

    appendFileSync(this.journal, records.map((r) => `${JSON.stringify(r)}\n`).join(''));
    this.committed = next;
    for (const record of records) if ('bucket' in record) this.buckets.add(record.bucket);
    for (const blob of freed) rmSync(this.blobPath(blob), { force: true });
    this.records += records.length;
    if (this.records > 2 * this.committed.size + 100) this.compact();
  }

  private replay(text: string, warn: (line: string) => void): void {
    const lines = text.split('\n');
    for (const [i, line] of lines.entries()) {
      if (line === '') continue;
      let record: JournalRecord;
      try {
        record = JSON.parse(line) as JournalRecord;
      } catch {
        warn(`storage: ignored journal line ${i + 1} and after: unreadable (a write cut short)`);
        return;
      }
      if ('bucket' in record) this.buckets.add(record.bucket);
      else if ('put' in record) {
        this.committed.set(record.put, { blob: record.blob, signature: '', metadata: record.metadata });
      } else this.committed.delete(record.delete);
    }
  }

  // Rewrites the journal as the current state only, swapped in atomically.
  private compact(): void {
    const records: JournalRecord[] = [...this.buckets].map((id) => ({ bucket: id }));
    for (const [key, { blob, metadata }] of this.committed) records.push({ put: key, blob, metadata });
    writeFileSync(`${this.journal}.tmp`, records.map((r) => `${JSON.stringify(r)}\n`).join(''));
    renameSync(`${this.journal}.tmp`, this.journal);
    this.records = records.length;
  }

  private committedOf(object: LiveObject): Committed {
    return { blob: object.blob, signature: object.signature, metadata: JSON.parse(object.metadataJson()) };
  }

  private blobPath(blob: string): string {
    return join(this.blobsDir, encodeURIComponent(blob));
  }
}

function linkOrCopy(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return;
    // Some filesystems and container mounts refuse hard links; a copy is slower but equal.
    if (code !== 'EPERM' && code !== 'EXDEV' && code !== 'ENOTSUP') throw err;
    copyFileSync(from, to);
  }
}
