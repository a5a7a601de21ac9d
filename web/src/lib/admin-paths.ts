/** The /beheer pages (the router has one lazy route, `paths.admin`; app/routes/admin/admin-routes.tsx). */
export const adminPaths = {
  overview: '/beheer',
  members: '/beheer/leden',
  member: (uid: string) => `/beheer/leden/${encodeURIComponent(uid)}`,
  log: '/beheer/logboek',
  exports: '/beheer/export',
} as const;

/** The account menu's link to /beheer, for admins only. */
export const adminMenuLabel = 'Beheer';
