import { NavLink } from 'react-router-dom';
import { adminPaths } from '../../lib/admin-paths.ts';
import { nlAdmin as t } from '../../messages/admin.ts';
import { adminNav } from './admin.styles.ts';

/** The links between the /beheer pages. */
export function AdminNav() {
  return (
    <nav aria-label="Beheer" css={adminNav}>
      <NavLink to={adminPaths.overview} end>
        {t.nav.overview}
      </NavLink>
      <NavLink to={adminPaths.members}>{t.nav.members}</NavLink>
      <NavLink to={adminPaths.log}>{t.nav.log}</NavLink>
      <NavLink to={adminPaths.exports}>{t.nav.exports}</NavLink>
    </nav>
  );
}
