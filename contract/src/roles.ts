/** Roles as the numeric `role` token claim carries them (spec section 6). */
export const Role = { None: 0, Member: 1, Moderator: 2, Admin: 3 } as const;
export type Role = (typeof Role)[keyof typeof Role];

/** A missing or malformed claim means no role. */
export const roleFromClaim = (claim: unknown): Role =>
  claim === 1 || claim === 2 || claim === 3 ? claim : Role.None;

// Written with the numbers of `Role` above: the web's first-load bundle then carries these small
// checks without the object (no account, `undefined`, is no role).
/** Role.Member or more. */
export const isMember = (role: Role | undefined) => (role ?? 0) >= 1;
/** Role.Moderator or more. */
export const isModerator = (role: Role | undefined) => (role ?? 0) >= 2;
/** Role.Admin. */
export const isAdmin = (role: Role | undefined) => (role ?? 0) >= 3;
