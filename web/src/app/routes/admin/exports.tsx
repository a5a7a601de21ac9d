import { isAdmin } from '@kring/contract/roles';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Page, sectionStyle } from '../../../components/ui/page.tsx';
import { filters } from '../../../features/admin/admin.styles.ts';
import { AdminNav } from '../../../features/admin/admin-nav.tsx';
import { exportMembers } from '../../../features/admin/api/export-members.ts';
import { exportPayments } from '../../../features/admin/api/export-payments.ts';
import type { DownloadedFile } from '../../../lib/api.ts';
import { useAccount } from '../../../lib/auth.tsx';
import { downloadBlob } from '../../../lib/download.ts';
import { errorText } from '../../../lib/error-text.ts';
import { nlAdmin } from '../../../messages/admin.ts';
import NotFound from '../public/not-found.tsx';

const t = nlAdmin.exports;

/** This month in the Netherlands, 'YYYY-MM' (what the month field starts on). */
const thisMonth = () =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Amsterdam',
    year: 'numeric',
    month: '2-digit',
  }).format(new Date());

type Busy = 'members' | 'payments' | null;

/** /beheer/export: the ledenlijst and a month's payments as CSV for Dutch Excel. */
export default function AdminExportsPage() {
  const admin = isAdmin(useAccount().data?.role);
  const [month, setMonth] = useState(thisMonth);
  const [busy, setBusy] = useState<Busy>(null);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  if (!admin) return <NotFound />;

  const run = async (which: Exclude<Busy, null>, fetchFile: () => Promise<DownloadedFile>) => {
    setBusy(which);
    setMessage(null);
    try {
      const file = await fetchFile();
      downloadBlob(file.blob, file.fileName);
      setMessage({ kind: 'success', text: t.downloaded(file.fileName) });
    } catch (error) {
      setMessage({ kind: 'error', text: errorText(error, t.failed) });
    } finally {
      setBusy(null);
    }
  };
  const payments = (e: FormEvent) => {
    e.preventDefault();
    void run('payments', () => exportPayments(month));
  };

  return (
    <Page title={t.title} narrow>
      <AdminNav />
      <p>{t.intro}</p>
      {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
      <section css={sectionStyle}>
        <h2>{t.membersTitle}</h2>
        <p>{t.membersText}</p>
        <Button disabled={busy !== null} onClick={() => void run('members', exportMembers)}>
          {busy === 'members' ? t.busy : t.membersButton}
        </Button>
      </section>
      <section css={sectionStyle}>
        <h2>{t.paymentsTitle}</h2>
        <p>{t.paymentsText}</p>
        <form css={filters} onSubmit={payments} aria-label={t.paymentsTitle}>
          <label>
            {t.month}
            <input
              type="month"
              required
              min="2000-01"
              value={month}
              onChange={(e) => setMonth(e.target.value)}
            />
          </label>
          <Button type="submit" disabled={busy !== null || month === ''}>
            {busy === 'payments' ? t.busy : t.paymentsButton}
          </Button>
        </form>
      </section>
    </Page>
  );
}
