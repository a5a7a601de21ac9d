import type { AdminLogEntry } from '@kring/contract';
import { isAdmin } from '@kring/contract/roles';
import { useCallback, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { AdminNav } from '../../../features/admin/admin-nav.tsx';
import { listAdminLog } from '../../../features/admin/api/list-admin-log.ts';
import { LogEntries } from '../../../features/admin/log-entries.tsx';
import { useAccount } from '../../../lib/auth.tsx';
import { nlAdmin as t } from '../../../messages/admin.ts';
import NotFound from '../public/not-found.tsx';

/** /beheer/logboek: every admin and moderator action, newest first, 25 at a time. */
export default function AdminLogPage() {
  const admin = isAdmin(useAccount().data?.role);
  const [items, setItems] = useState<AdminLogEntry[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(async (cursor: string | null) => {
    try {
      const page = await listAdminLog(cursor);
      setItems((old) => [...(cursor ? (old ?? []) : []), ...page.items]);
      setNext(page.nextCursor);
    } catch {
      setFailed(true);
    }
  }, []);
  useEffect(() => {
    if (admin) void load(null);
  }, [admin, load]);
  if (!admin) return <NotFound />;
  return (
    <Page title={t.logTitle} narrow>
      <AdminNav />
      {failed ? <FormMessage kind="error">{t.failed}</FormMessage> : null}
      {items ? <LogEntries items={items} /> : null}
      {next ? (
        <Button variant="secondary" onClick={() => void load(next)}>
          {t.more}
        </Button>
      ) : null}
    </Page>
  );
}
