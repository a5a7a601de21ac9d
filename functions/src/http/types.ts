import type { Access, Endpoint, OutputOf, ParsedInputOf } from '@kring/contract';
import type { Db } from '../lib/db.ts';
import type { AuthUser } from './auth.ts';

interface BaseContext {
  db: Db;
  requestId: string;
}

/** What a handler knows about its caller, by the endpoint's access level (checked before it runs). */
export type ContextFor<A extends Access> = A extends 'public'
  ? BaseContext & { user: AuthUser | null; profileId: number | null }
  : A extends 'profile'
    ? BaseContext & { user: AuthUser; profileId: number }
    : BaseContext & { user: AuthUser; profileId: number | null };

export type Handler<E extends Endpoint> = (
  ctx: ContextFor<E['access']>,
  input: ParsedInputOf<E>,
) => Promise<OutputOf<E>>;

/** Marks a route whose handler is not written yet: the router answers 501. */
export const notImplemented = Symbol('notImplemented');

export type Routes<T extends Record<string, Endpoint>> = {
  [K in keyof T]: Handler<T[K]> | typeof notImplemented;
};

export interface HttpRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The body as the framework parsed it; used when rawBody is absent. */
  body?: unknown;
  rawBody?: Buffer;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}
