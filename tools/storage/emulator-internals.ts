// Typed access to firebase-tools' storage emulator internals. They are plain CommonJS with no
// public API promise, so this module pins the version and checks the shapes it relies on: if a
// firebase-tools upgrade moves them, the server refuses to start with a message saying what moved.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';

export const PINNED_FIREBASE_TOOLS_VERSION = '15.34.2';

export type RulesMethod = 'read' | 'write' | 'get' | 'list' | 'create' | 'update' | 'delete';

/** What the emulator passes to `ruleset.verify` (lib/emulator/storage/rules/utils.js). */
export interface VerifyOptions {
  method: RulesMethod;
  /** `b/{bucket}/o/{object}`; for list, the prefix without its trailing slash. */
  path: string;
  projectId: string;
  /** The bearer token of the request (for the web SDK, the Auth ID token), if any. */
  token?: string;
  delimiter?: string;
}

export interface RulesIssues {
  errors: string[];
  warnings: string[];
  exist(): boolean;
}

export interface Ruleset {
  verify(opts: VerifyOptions): Promise<{ permitted: boolean; issues: RulesIssues }>;
}

export interface RulesManager {
  start(): Promise<RulesIssues>;
  stop(): Promise<void>;
  getRuleset(bucketId: string): Ruleset | undefined;
}

export interface StoredMetadata {
  name: string;
  bucket: string;
  metageneration: number;
  downloadTokens: string[];
}

interface StoredFile {
  metadata: StoredMetadata;
}

interface BlobPersistence {
  readonly dirPath: string;
  getDiskFileName(key: string): string | undefined;
}

/** `StorageLayer` (files.js); the underscored fields are private there and checked at start. */
export interface StorageLayer {
  createBucket(id: string): void;
  import(dir: string, options: { initiatedBy: string }): void;
  _files: Map<string, StoredFile>;
  _buckets: Map<string, unknown>;
  _persistence: BlobPersistence;
}

export interface EmulatorInfo {
  name: string;
  host: string;
  port: number;
}

export interface StorageEmulatorArgs {
  projectId: string;
  host: string;
  port: number;
  rules?: unknown;
  auto_download?: boolean;
}

export interface StorageEmulatorBase {
  args: StorageEmulatorArgs;
  readonly storageLayer: StorageLayer;
  readonly rulesManager: RulesManager;
  start(): Promise<void>;
  stop(): Promise<void>;
  getInfo(): EmulatorInfo;
  createRulesManager(rules: unknown): RulesManager;
  getPersistenceTmpDir(): string;
}

export type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

export interface EmulatorInternals {
  StorageEmulator: new (args: StorageEmulatorArgs) => StorageEmulatorBase;
  createApp(projectId: string, emulator: StorageEmulatorBase): Promise<RequestListener>;
  newIssues(errors?: string[], warnings?: string[]): RulesIssues;
  metadataToJson(metadata: StoredMetadata): string;
  registerStorage(emulator: StorageEmulatorBase): void;
  unregisterStorage(emulator: StorageEmulatorBase): void;
}

const require = createRequire(import.meta.url);
const LIB = 'firebase-tools/lib/emulator';

class InternalsMovedError extends Error {
  constructor(what: string) {
    super(
      `tools/storage is built on firebase-tools ${PINNED_FIREBASE_TOOLS_VERSION} storage emulator internals, ` +
        `and ${what}. Pin firebase-tools to ${PINNED_FIREBASE_TOOLS_VERSION} in the root package.json, or ` +
        'port tools/storage/emulator-internals.ts to the new version and run its tests.',
    );
    this.name = 'InternalsMovedError';
  }
}

function load(id: string): Record<string, unknown> {
  try {
    return require(id) as Record<string, unknown>;
  } catch (err) {
    throw new InternalsMovedError(`\`${id}\` could not be loaded (${(err as Error).message})`);
  }
}

function expectFunction(owner: Record<string, unknown>, key: string, where: string): void {
  if (typeof owner[key] !== 'function')
    throw new InternalsMovedError(`${where}.${key} is no longer a function`);
}

let cached: EmulatorInternals | undefined;

export function loadEmulatorInternals(): EmulatorInternals {
  if (cached) return cached;
  const { version } = load('firebase-tools/package.json') as { version?: string };
  if (version !== PINNED_FIREBASE_TOOLS_VERSION) {
    throw new InternalsMovedError(`the installed firebase-tools is ${String(version)}`);
  }
  const index = load(`${LIB}/storage/index.js`);
  const server = load(`${LIB}/storage/server.js`);
  const runtime = load(`${LIB}/storage/rules/runtime.js`);
  const metadata = load(`${LIB}/storage/metadata.js`);
  const registry = load(`${LIB}/registry.js`);
  expectFunction(index, 'StorageEmulator', 'storage/index.js');
  expectFunction(server, 'createApp', 'storage/server.js');
  expectFunction(runtime, 'StorageRulesIssues', 'storage/rules/runtime.js');
  expectFunction(metadata, 'StoredFileMetadata', 'storage/metadata.js');
  expectFunction(registry, 'EmulatorRegistry', 'registry.js');
  const emulatorProto = (index.StorageEmulator as { prototype: Record<string, unknown> }).prototype;
  for (const key of ['start', 'stop', 'getInfo', 'createRulesManager', 'getPersistenceTmpDir']) {
    expectFunction(emulatorProto, key, 'StorageEmulator.prototype');
  }
  const StoredFileMetadata = metadata.StoredFileMetadata as unknown as Record<string, unknown>;
  expectFunction(StoredFileMetadata, 'toJSON', 'StoredFileMetadata');
  const Registry = registry.EmulatorRegistry as unknown as {
    set(name: string, instance: unknown): void;
    clear(name: string): void;
    get(name: string): unknown;
  };
  expectFunction(registry.EmulatorRegistry as unknown as Record<string, unknown>, 'set', 'EmulatorRegistry');
  expectFunction(
    registry.EmulatorRegistry as unknown as Record<string, unknown>,
    'clear',
    'EmulatorRegistry',
  );

  const Issues = runtime.StorageRulesIssues as new (errors?: string[], warnings?: string[]) => RulesIssues;
  const toJson = StoredFileMetadata.toJSON as (m: StoredMetadata) => string;
  cached = {
    StorageEmulator: index.StorageEmulator as EmulatorInternals['StorageEmulator'],
    createApp: server.createApp as EmulatorInternals['createApp'],
    newIssues: (errors = [], warnings = []) => new Issues(errors, warnings),
    metadataToJson: (m) => toJson(m),
    // Bucket metadata builds its selfLink from the registry; without an entry it throws.
    registerStorage: (emulator) => Registry.set('storage', emulator),
    unregisterStorage: (emulator) => {
      if (Registry.get('storage') === emulator) Registry.clear('storage');
    },
  };
  return cached;
}

/** Checks the private StorageLayer fields the persistence code reads, on a live instance. */
export function assertStorageLayerShape(layer: StorageLayer): void {
  const fields = layer as unknown as Record<string, unknown>;
  if (!(fields._files instanceof Map))
    throw new InternalsMovedError('StorageLayer._files is no longer a Map');
  if (!(fields._buckets instanceof Map))
    throw new InternalsMovedError('StorageLayer._buckets is no longer a Map');
  const persistence = fields._persistence as Record<string, unknown> | undefined;
  if (
    !persistence ||
    typeof persistence.getDiskFileName !== 'function' ||
    typeof persistence.dirPath !== 'string'
  ) {
    throw new InternalsMovedError('StorageLayer._persistence no longer has getDiskFileName/dirPath');
  }
  expectFunction(fields, 'import', 'StorageLayer');
  expectFunction(fields, 'createBucket', 'StorageLayer');
}
