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

/** Avatars (`community/profile/{profileId}/{token}/avatar.png`) and post images (`community/post/{profileId}/{image}`). */
export const PUBLIC_READ_ROOT = 'community';

/**
 * storage.rules: `allow get: if true` on `community/profile/{profileId}/{token}/avatar.png` and on
 * `community/post/{profileId}/{image}` (no list), `allow write: if false` everywhere; anything not
 * allowed is denied (so the old guessable `community/profile/{id}/avatar.png` too).
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
  // Stricter than the rules on purpose: the emulator keys objects by path.join(bucket, name), so
  // `community/../private/x` would be served from `private/x`. Real Storage has no such aliasing.
  if (segments.some((segment) => segment === '.' || segment === '..' || segment === '')) return false;
  const [root, area, ...rest] = segments;
  if (root !== PUBLIC_READ_ROOT) return false;
  if (area === 'profile') return rest.length === 3 && rest[2] === 'avatar.png';
  if (area === 'post') return rest.length === 2;
  return false;
}
