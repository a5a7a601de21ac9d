import type { Endpoint } from '@kring/contract';
import { config } from '../lib/config.ts';
import type { Db } from '../lib/db.ts';
import { withPublishesAfter } from '../lib/realtime.ts';

/**
 * Member calls that run on one pooled connection, checked out once for the caller lookup, the
 * rate-limit counter and the handler's statements (docs/benchmarks.md, "Writes, checkouts and
 * statements"): a call of 3 statements then queues for the pool once instead of 3 times. Only
 * handlers that make no outside call while they run belong here (no Mollie, mail, Auth, Storage,
 * Strapi): their Realtime Database publishes wait until the connection is given back. A handler
 * here must use only the `db` it is given (another checkout while it holds one can wait forever).
 */
const oneConnectionEndpoints: ReadonlySet<string> = new Set([
  'listPosts',
  'getPost',
  'listUserNotifications',
  'markNotificationsRead',
  'listThreads',
  'listThreadMessages',
  'search',
  'upvotePost',
  'createComment',
  'sendMessage',
  'markThreadRead',
]);

export const onOneConnection = (endpoint: Endpoint): boolean =>
  config.oneConnectionPerCall() && oneConnectionEndpoints.has(endpoint.name);

/** Runs `call` on one connection of `db`'s pool; realtime publishes run after it is given back. */
export const withOneConnection = <T>(db: Db, call: (conn: Db) => Promise<T>): Promise<T> =>
  withPublishesAfter(() => db.connection().execute(call));
