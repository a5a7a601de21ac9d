import { AsyncLocalStorage } from 'node:async_hooks';
import { adminDatabase } from './firebase.ts';
import { logs } from './logs.ts';
import { timedOut, waitAtMost } from './timeout.ts';

/**
 * The only writer of Realtime Database paths. Postgres is the source of truth; these are derived
 * counters the web client listens to (database.rules.json lets each user read only their own).
 * Paths are keyed by the Firebase uid, because the rules compare against auth.uid.
 */
export interface ThreadUnread {
  unreadCount: number;
  unreadMessageIds: number[];
  /** Milliseconds since the epoch of the thread's last change; the web refreshes when it grows. */
  updatedAt: number;
}

export const realtimePaths = {
  notifications: (uid: string) => `notifications/${uid}`,
  thread: (uid: string, threadId: string) => `chat/${uid}/${threadId}`,
  /** Members-only (database.rules.json `members`): the newest post, for the timeline's 'N nieuwe berichten'. */
  newPosts: 'members/newPosts',
};

/** The newest post's id and when it was placed: no title, no author, nothing a member could not list. */
export interface NewPostSignal {
  latestPostId: number;
  at: number;
}

/**
 * Publishes held back while a call holds a pooled connection (http/one-connection.ts): a Realtime
 * Database write never keeps a connection checked out. The call runs them after it gave the
 * connection back, and answers after them as before.
 */
const heldBack = new AsyncLocalStorage<(() => Promise<void>)[]>();

/** Runs `publish` now, or after the connection is given back when the call holds one. */
function publishSoon(publish: () => Promise<void>): Promise<void> {
  const queue = heldBack.getStore();
  if (!queue) return publish();
  queue.push(publish);
  return Promise.resolve();
}

/**
 * Runs `work` with its realtime publishes held back, then the publishes (each never throws, together
 * waited for at most `publishTimeoutMs`), also when `work` failed after a commit.
 */
export async function withPublishesAfter<T>(work: () => Promise<T>): Promise<T> {
  const queue: (() => Promise<void>)[] = [];
  try {
    return await heldBack.run(queue, work);
  } finally {
    if (queue.length > 0) {
      await heldBack.exit(() => waitAtMost(Promise.all(queue.map((publish) => publish())), publishTimeoutMs));
    }
  }
}

/** Writes after the Postgres transaction committed; a failure is logged and healed by the next write. */
function write(path: string, value: unknown): Promise<void> {
  return publishSoon(() => writeNow(path, value));
}

async function writeNow(path: string, value: unknown): Promise<void> {
  try {
    await adminDatabase().ref(path).set(value);
  } catch (error) {
    logs.warn('realtime write failed', { path, error });
  }
}

export const publishNotificationUnread = (uid: string, unreadCount: number) =>
  write(realtimePaths.notifications(uid), { unreadCount });

/** How long a publish may hold up a call; the SDK keeps trying afterwards. */
const publishTimeoutMs = 5_000;

/**
 * Writes `path` in a transaction unless `next(current)` says the stored value is as new or newer
 * (undefined). Concurrent calls each publish after their own commit, in any order; comparing inside
 * the transaction keeps a late, older value from overwriting a newer one, across instances too.
 * Never throws, and waits at most `publishTimeoutMs`: what it announces is already stored. The SDK
 * queues writes while it cannot connect; the call answers anyway and the write may land later.
 */
function publishNewer<T>(path: string, next: (current: Partial<T> | null) => T | undefined): Promise<void> {
  return publishSoon(() => publishNewerNow(path, next));
}

async function publishNewerNow<T>(
  path: string,
  next: (current: Partial<T> | null) => T | undefined,
): Promise<void> {
  try {
    const written = adminDatabase().ref(path).transaction(next, undefined, false);
    if ((await waitAtMost(written, publishTimeoutMs)) === timedOut) {
      throw new Error(`no answer in ${publishTimeoutMs} ms`);
    }
  } catch (error) {
    logs.warn('realtime write failed', { path, error });
  }
}

/** Tells every reading member's timeline that a post was placed (a newer post id wins). */
export async function publishNewPost(postId: number): Promise<void> {
  await publishNewer<NewPostSignal>(realtimePaths.newPosts, (current) =>
    typeof current?.latestPostId === 'number' && current.latestPostId >= postId
      ? undefined
      : { latestPostId: postId, at: Date.now() },
  );
}

/** Publishes a thread's unread state unless the stored one is as new or newer (Postgres' updatedAt). */
export async function publishThreadUnread(uid: string, threadId: string, value: ThreadUnread): Promise<void> {
  await publishNewer<ThreadUnread>(realtimePaths.thread(uid, threadId), (current) =>
    typeof current?.updatedAt === 'number' && current.updatedAt >= value.updatedAt ? undefined : value,
  );
}
