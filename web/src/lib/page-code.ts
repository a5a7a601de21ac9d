/**
 * Page code a feature may fetch ahead (a post card prefetches the post page). The app registers the
 * loaders (app/layout/member-boot.ts) so features need not import routes; unregistered: a no-op.
 */
export const pageCode: { post: (() => Promise<unknown>) | null } = { post: null };
