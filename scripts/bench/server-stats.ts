/**
 * What the load benchmark's server (load-server.ts) answers on GET /__bench/stats and the client
 * (load.ts) reads: the server's cost since the last POST /__bench/reset, in total and per call.
 */

/** One call's (endpoint's) share. */
export interface CallStats {
  calls: number;
  statements: number;
  serverMs: number;
  statementMs: number;
  poolWaitMs: number;
  statuses: Record<string, number>;
  statementCounts: Record<string, number>;
  sample?: string[];
}

export interface ServerStats {
  elapsedMs: number;
  cpuUserMs: number;
  cpuSystemMs: number;
  eventLoopUtilization: number;
  statementsOutside: number;
  /** Auth user look-ups (getUser: revocation and disabled checks), each an Identity Toolkit call in production. */
  authLookups: number;
  /** Distinct SQL texts the server sent since it started (warm-up included): names per connection at most. */
  distinctTexts: number;
  rssMb: number;
  profiled: boolean;
  calls: Record<string, CallStats>;
}
