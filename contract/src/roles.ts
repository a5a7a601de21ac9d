/** Roles as the numeric `role` token claim carries them (spec section 6). */
export const Role = { None: 0, Member: 1, Moderator: 2, Admin: 3 } as const;
export type Role = (typeof Role)[keyof typeof Role];

/** A missing or malformed claim means no role. */
export const roleFromClaim = (claim: unknown): Role =>
  claim === 1 || claim === 2 || claim === 3 ? claim : Role.None;

export const isMember = (role: Role) => role >= Role.Member;
export const isModerator = (role: Role) => role >= Role.Moderator;
