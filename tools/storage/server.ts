// Cloud Storage for Firebase, locally and without Java: firebase-tools' own storage emulator (its
// HTTP API, upload handling and metadata) with the Java rules runtime replaced by policy.ts, and
// its state kept in a data folder across restarts (durable-store.ts).

import { rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { DurableStore, type LiveObject } from './durable-store.ts';
import {
  assertStorageLayerShape,
  type EmulatorInfo,
  type EmulatorInternals,
  loadEmulatorInternals,
  type RequestListener,
  type Ruleset,
  type RulesManager,
  type RulesMethod,
  type StorageEmulatorArgs,
  type StorageLayer,
} from './emulator-internals.ts';
import { isAllowed, type StorageOperation } from './policy.ts';

export interface StorageServerOptions {
  host?: string;
  port?: number;
  /** Default `demo-kring`; the default bucket is `<projectId>.appspot.com`. */
  projectId?: string;
  dataDir: string;
  log?: (line: string) => void;
}

export interface StorageServer {
  port: number;
  url: string;
  bucket: string;
  close(): Promise<void>;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);

export async function startStorageServer(opts: StorageServerOptions): Promise<StorageServer> {
  const host = opts.host ?? '127.0.0.1';
  if (!LOOPBACK_HOSTS.has(host)) throw new Error(`tools/storage listens on loopback only, not on ${host}`);
  const projectId = opts.projectId ?? 'demo-kring';
  const bucket = `${projectId}.appspot.com`;
  const log = opts.log ?? (() => {});
  const internals = loadEmulatorInternals();

  const store = new DurableStore(resolve(opts.dataDir));
  const importDir = store.open(log);
  const emulator = new (defineEmulatorClass(internals))({
    projectId,
    host,
    port: opts.port ?? 0,
    blobsDir: store.liveDir,
    ruleset: policyRuleset(internals, log),
    onListening: () => load(),
    onClosed: () => persistChanges(),
    handle: (req, res, app) => {
      if (answerBucketGet(req, res, layer._buckets)) return;
      actAsAdminForAdminSdk(req);
      persistBeforeResponding(res);
      app(req, res);
    },
  });
  const layer = emulator.storageLayer;
  assertStorageLayerShape(layer);

  // Runs synchronously once the port is bound (bucket metadata needs the emulator's address) and
  // before the first request can be handled.
  function load(): void {
    // Creating the default bucket up front also keeps listBuckets from asking Google for the
    // project's config, which it does for a non-demo project with no buckets.
    layer.createBucket(bucket);
    if (importDir) {
      layer.import(importDir, { initiatedBy: 'start' });
      log(`storage: loaded ${layer._files.size} object(s) from ${opts.dataDir}`);
    }
    store.adopt(layer._buckets.keys(), liveObjects(internals, layer));
  }

  function persistChanges(): void {
    try {
      store.sync(layer._buckets.keys(), liveObjects(internals, layer));
    } catch (err) {
      log(
        `storage: ERROR saving to ${opts.dataDir}; the last change is in memory only: ${(err as Error).message}`,
      );
    }
  }

  // The guarantee: a change is in the data folder before its response leaves, so anything a client
  // saw acknowledged survives a kill of this process.
  function persistBeforeResponding(res: ServerResponse): void {
    const end = res.end;
    res.end = ((...args: unknown[]) => {
      persistChanges();
      return Reflect.apply(end, res, args);
    }) as ServerResponse['end'];
  }

  await emulator.start();
  const { port } = emulator.getInfo();
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  let closing: Promise<void> | undefined;
  return {
    port,
    url,
    bucket,
    close: () => {
      closing ??= emulator.stop();
      return closing;
    },
  };
}

interface KringEmulatorArgs extends StorageEmulatorArgs {
  blobsDir: string;
  ruleset: Ruleset;
  onListening(): void;
  /** After the last connection closed, before the working blobs are removed. */
  onClosed(): void;
  handle(req: IncomingMessage, res: ServerResponse, app: RequestListener): void;
}

function defineEmulatorClass(internals: EmulatorInternals) {
  return class KringStorageEmulator extends internals.StorageEmulator {
    declare args: KringEmulatorArgs;
    private server: Server | undefined;

    constructor(args: KringEmulatorArgs) {
      super(args);
    }

    // Called from the base constructor, so it may read this.args but no field of this class.
    override createRulesManager(rules: unknown): RulesManager {
      const ruleset = this.args.ruleset;
      return {
        // Rules arrive here only from PUT /internal/setRules; refuse rather than pretend to load them.
        start: async () =>
          rules === undefined
            ? internals.newIssues()
            : internals.newIssues(['tools/storage enforces tools/storage/policy.ts; it cannot load rules']),
        stop: async () => {},
        getRuleset: () => ruleset,
      };
    }

    // The base class uses os.tmpdir()/firebase/storage/blobs, shared by every emulator on the machine.
    override getPersistenceTmpDir(): string {
      return this.args.blobsDir;
    }

    override getInfo(): EmulatorInfo {
      return { name: 'storage', host: this.args.host, port: this.args.port };
    }

    // Replaces the base start(), which would launch (and first download) the Java rules runtime.
    override async start(): Promise<void> {
      const app = await internals.createApp(this.args.projectId, this);
      const server = createServer((req, res) => this.args.handle(req, res, app));
      await new Promise<void>((resolveListen, reject) => {
        server.once('error', reject);
        server.listen(this.args.port, this.args.host, () => {
          server.off('error', reject);
          this.args.port = (server.address() as AddressInfo).port;
          this.server = server;
          internals.registerStorage(this);
          try {
            this.args.onListening();
            resolveListen();
          } catch (err) {
            server.close();
            reject(err);
          }
        });
      });
    }

    override async stop(): Promise<void> {
      internals.unregisterStorage(this);
      const server = this.server;
      this.server = undefined;
      if (server) {
        await new Promise<void>((resolveClose) => {
          server.close(() => resolveClose());
          server.closeAllConnections();
        });
      }
      this.args.onClosed();
      // The working blobs; the data folder holds its own links to them.
      await rm(this.args.blobsDir, { recursive: true, force: true });
    }
  };
}

const OPERATIONS: Partial<Record<RulesMethod, StorageOperation>> = {
  get: 'get',
  list: 'list',
  create: 'create',
  update: 'update',
  delete: 'delete',
};

function policyRuleset(internals: EmulatorInternals, log: (line: string) => void): Ruleset {
  return {
    verify: async ({ method, path, token }) => {
      const match = /^b\/[^/]+\/o\/?(.*)$/s.exec(path);
      const operation = OPERATIONS[method];
      const uid = uidOf(token);
      const permitted =
        match !== null &&
        operation !== undefined &&
        isAllowed({ operation, objectPath: match[1] ?? '', uid });
      if (!permitted)
        log(`storage: denied ${method} ${path} for ${uid ? `uid ${uid}` : 'a signed-out client'}`);
      return { permitted, issues: internals.newIssues() };
    },
  };
}

// Emulator ID tokens are unsigned; the uid is read for the log only, the policy does not trust it.
function uidOf(token: string | undefined): string | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const uid = claims.user_id ?? claims.sub;
    return typeof uid === 'string' ? uid : null;
  } catch {
    return null;
  }
}

// GCS `buckets.get` (GET [/storage/v1]/b/{bucket}; @google-cloud/storage 7 asks without the prefix
// when STORAGE_EMULATOR_HOST is set), which firebase-tools does not serve: `bucket.exists()`
// asks it (the CMS's upload provider does not: skipCheckBucket in cms/config/plugins.js).
function answerBucketGet(req: IncomingMessage, res: ServerResponse, buckets: Map<string, unknown>): boolean {
  const match = /^(?:\/storage\/v1)?\/b\/([^/?]+)\/?(\?.*)?$/.exec(req.url ?? '');
  if (req.method !== 'GET' || !match) return false;
  const name = decodeURIComponent(match[1]!);
  res.setHeader('Content-Type', 'application/json');
  if (!buckets.has(name)) {
    res.statusCode = 404;
    res.end(JSON.stringify({ error: { code: 404, message: 'The specified bucket does not exist.' } }));
  } else {
    res.end(JSON.stringify({ kind: 'storage#bucket', id: name, name }));
  }
  return true;
}

// @google-cloud/storage (under firebase-admin) sends no credentials to an emulator, so the one call
// firebase-admin makes to the Firebase API (getDownloadURL reads /v0 metadata) would be judged as a
// signed-out client. The client names itself in x-goog-api-client ("gccl/<version>"). Treating it as
// admin gives nothing away: firebase-tools already serves its GCS JSON API to anyone as admin.
function actAsAdminForAdminSdk(req: IncomingMessage): void {
  const apiClient = req.headers['x-goog-api-client'];
  if (!req.headers.authorization && typeof apiClient === 'string' && /(^|\s)gccl\//.test(apiClient)) {
    req.headers.authorization = 'Bearer owner';
  }
}

// The emulator's objects as the store sees them. Every metadata change in the emulator goes through
// StoredFileMetadata.update, which bumps metageneration; a new upload or copy gets a new blob.
function* liveObjects(internals: EmulatorInternals, layer: StorageLayer): Generator<LiveObject> {
  for (const [key, { metadata }] of layer._files) {
    const blob = layer._persistence.getDiskFileName(key);
    if (blob === undefined) continue;
    yield {
      key,
      blob,
      signature: `${blob}\u0000${metadata.metageneration}\u0000${metadata.downloadTokens.join(',')}`,
      metadataJson: () => internals.metadataToJson(metadata),
    };
  }
}
