// The access policy for client (non-admin) requests. It MIRRORS /storage.rules by hand; it does not
// interpret that file. policy.test.ts reads storage.rules and fails when the two disagree.

export type StorageOperation = 'get' | 'list' | 'create' | 'update' | 'delete';

export interface ClientRequest {
  operation: StorageOperation;
  /** Object name (`community/profile/u1/avatar.png`); for list, the prefix without its trailing slash. */
  objectPath: string;
  /** Auth uid of the caller, null when signed out. No rule depends on it today. */
  uid: string | null;
}

/** Avatars (`community/profile/{userId}/avatar.png`) and post images (`community/post/**`). */
export const PUBLIC_READ_ROOT = 'community';

/**
 * storage.rules: `match /community/{allPaths=**} { allow get: if true; }` (no list) and
 * `allow write: if false` everywhere; anything not allowed is denied.
 */
export function isAllowed({ operation, objectPath }: ClientRequest): boolean {
  switch (operation) {
    case 'get':
      return isPublicPath(objectPath);
    case 'list':
    case 'create':
    case 'update':
    case 'delete':
      return false;
  }
}

function isPublicPath(objectPath: string): boolean {
  const segments = objectPath.split('/');
  if (segments[0] !== PUBLIC_READ_ROOT) return false;
  // Stricter than the rules on purpose: the emulator keys objects by path.join(bucket, name), so
  // `community/../private/x` would be served from `private/x`. Real Storage has no such aliasing.
  return !segments.some((segment) => segment === '.' || segment === '..');
}
