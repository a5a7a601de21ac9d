import { Route, Routes } from 'react-router-dom';
import NotFound from '../public/not-found.tsx';
import AdminExportsPage from './exports.tsx';
import AdminLogPage from './log.tsx';
import AdminMemberPage from './member.tsx';
import AdminMembersPage from './members.tsx';
import AdminOverviewPage from './overview.tsx';

/** Everything under /beheer, in one chunk the public and member pages never load. */
export default function AdminRoutes() {
  return (
    <Routes>
      <Route index element={<AdminOverviewPage />} />
      <Route path="leden" element={<AdminMembersPage />} />
      <Route path="leden/:uid" element={<AdminMemberPage />} />
      <Route path="logboek" element={<AdminLogPage />} />
      <Route path="export" element={<AdminExportsPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
