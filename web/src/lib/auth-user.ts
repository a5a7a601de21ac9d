/** The signed-in user as the app sees it; lib/firebase.ts produces it (kept apart so it loads lazily). */
export interface AuthUser {
  uid: string;
  email: string | null;
  displayName: string | null;
}

/** What lib/auth.tsx knows about the signed-in user: nothing yet ('loading'), or the user or null. */
export type AuthSnapshot =
  | { status: 'loading'; user: null }
  /** `presumed`: the user the SDK stored, before the SDK confirmed the session (lib/auth.tsx). */
  | { status: 'ready'; user: AuthUser | null; presumed?: true };

/** The spec's text for using the signed-in user while signed out (section 8). */
export const NOT_SIGNED_IN = 'User is not logged in';
