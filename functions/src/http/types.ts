export interface HttpRequest {
  method: string;
  path: string;
  /** The raw query string without '?'; read only for form-encoded posts (RFC 8058 one-click unsubscribe). */
  query?: string;
  headers: Record<string, string | string[] | undefined>;
  /** The body as the framework parsed it; used when rawBody is absent. */
  body?: unknown;
  rawBody?: Buffer;
  /** The caller's address as the front end saw it (for per-address limits of public calls). */
  ip?: string;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  /** A file answer (a CSV export): sent chunk by chunk as it is made, instead of `body` as JSON. */
  stream?: AsyncIterable<string | Uint8Array>;
}
