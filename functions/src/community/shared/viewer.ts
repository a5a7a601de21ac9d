import { isModerator } from '@kring/contract';
import type { AuthUser } from '../../lib/handler.ts';

/** Who is looking: decides hasUpvoted and whether a removal reason is shown. */
export interface Viewer {
  profileId: number | null;
  isModerator: boolean;
}

export const viewerOf = (ctx: { user: AuthUser; profileId: number | null }): Viewer => ({
  profileId: ctx.profileId,
  isModerator: isModerator(ctx.user.role),
});
