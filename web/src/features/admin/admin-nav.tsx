import { NavLink } from 'react-router-dom';
import { paths } from '../../lib/paths.ts';
import { nlAdmin as t } from '../../messages/admin.ts';
import { adminNav } from './admin.styles.ts';

/** The links between the /beheer pages. */
export function AdminNav() {
  return (
    <nav aria-label="Beheer" css={adminNav}>
      <NavLink to={paths.admin.members}>{t.nav.members}</NavLink>
      <NavLink to={paths.admin.log}>{t.nav.log}</NavLink>
    </nav>
  );
}
