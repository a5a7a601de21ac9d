import { readFileSync } from 'node:fs';
import https from 'node:https';
// Named import: under Node ESM the package resolves to its CommonJS build, whose default import is
// the exports object, not the function.
import { createMollieClient, type MollieClient } from '@mollie/api-client';

export type { MollieClient };

export interface MollieConfig {
  apiKey: string;
  /** Unset in production (Mollie's own endpoint); the local sandbox's `https://127.0.0.1:8444/v2/`. */
  apiEndpoint?: string;
  /** PEM of the local sandbox's CA, trusted in addition to the client's bundled roots. */
  caCertPath?: string;
}

/**
 * The Mollie client for this app. `@mollie/api-client` 4.6 builds its own `https.Agent` with a
 * bundled root list inside `createMollieClient`, so NODE_EXTRA_CA_CERTS and the `ca` of Node's global
 * agent never reach it. To trust the sandbox CA we swap `https.Agent` for a subclass that appends
 * that CA, only for the duration of the synchronous construction call, and restore it straight after.
 * Certificate verification stays on throughout; nothing else observes the swap.
 */
export function createMollie(config: MollieConfig): MollieClient {
  const options = {
    apiKey: config.apiKey,
    ...(config.apiEndpoint ? { apiEndpoint: config.apiEndpoint } : {}),
  };
  if (!config.caCertPath) return createMollieClient(options);
  if (!config.apiEndpoint)
    throw new Error('caCertPath is only for a local apiEndpoint, not for api.mollie.com');
  const extraCa = readFileSync(config.caCertPath, 'utf8');
  return withExtraCa(extraCa, () => createMollieClient(options));
}

function withExtraCa<T>(extraCa: string, create: () => T): T {
  const OriginalAgent = https.Agent;
  class AgentWithExtraCa extends OriginalAgent {
    constructor(options?: https.AgentOptions) {
      const given = options?.ca;
      const ca = given === undefined ? [] : Array.isArray(given) ? given : [given];
      super({ ...options, ca: [...ca, extraCa] });
    }
  }
  if (!Reflect.set(https, 'Agent', AgentWithExtraCa)) throw new Error('cannot wrap https.Agent');
  try {
    return create();
  } finally {
    Reflect.set(https, 'Agent', OriginalAgent);
  }
}
