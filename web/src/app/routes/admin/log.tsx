import { isAdmin } from '@kring/contract/roles';
import { Page } from '../../../components/ui/page.tsx';
import { AdminNav } from '../../../features/admin/admin-nav.tsx';
import { listAdminLog } from '../../../features/admin/api/list-admin-log.ts';
import { LogEntries } from '../../../features/admin/log-entries.tsx';
import { PagedListView, usePagedList } from '../../../features/admin/paged-list.tsx';
import { useAccount } from '../../../lib/auth.tsx';
import { nlAdmin as t } from '../../../messages/admin.ts';
import NotFound from '../public/not-found.tsx';

/** /beheer/logboek: every admin and moderator action, newest first, 25 at a time. */
export default function AdminLogPage() {
  const admin = isAdmin(useAccount().data?.role);
  const list = usePagedList(admin, listAdminLog);
  if (!admin) return <NotFound />;
  return (
    <Page title={t.logTitle} narrow>
      <AdminNav />
      <PagedListView list={list}>{(items) => <LogEntries items={items} />}</PagedListView>
    </Page>
  );
}
