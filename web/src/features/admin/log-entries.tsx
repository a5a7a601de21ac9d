import type { AdminLogEntry } from '@kring/contract';
import { Link } from 'react-router-dom';
import { adminPaths } from '../../lib/admin-paths.ts';
import { formatCents, formatDate } from '../../lib/format.ts';
import { nlAdmin as t } from '../../messages/admin.ts';
import { logList, muted } from './admin.styles.ts';

const detailText = (e: AdminLogEntry) => {
  const d = e.details as {
    from?: number;
    to?: number;
    suspendedUntil?: string;
    kind?: 'erelid' | 'bestuur';
    until?: string;
    amountCents?: number;
    currency?: string;
    number?: string;
  };
  if (e.action === 'REFUND_PAYMENT' && d.amountCents !== undefined)
    return ` · ${formatCents(d.amountCents, d.currency ?? 'EUR')}`;
  if (e.action === 'RESEND_RECEIPT' && d.number) return ` · ${d.number}`;
  if (e.action === 'CHANGE_ROLE' && d.to !== undefined)
    return ` (${t.roles[d.from ?? 0]} → ${t.roles[d.to]})`;
  // A comp membership: its kind and last day (YYYY-MM-DD).
  if (
    (e.action === 'GRANT_COMP' || e.action === 'END_COMP' || e.action === 'COMP_EXPIRED') &&
    d.kind &&
    d.until
  )
    return ` (${t.comp.current(d.kind, formatDate(d.until))})`;
  if (d.suspendedUntil)
    return ` · ${t.suspendedUntil(new Date(d.suspendedUntil).toLocaleDateString('nl-NL'))}`;
  return '';
};

/** Admin log lines: when, who, what, about whom, why. */
export function LogEntries({ items }: { items: readonly AdminLogEntry[] }) {
  if (items.length === 0) return <p>{t.logEmpty}</p>;
  return (
    <ol css={logList} data-testid="admin-log">
      {items.map((e) => (
        <li key={e.id}>
          <span css={muted}>{new Date(e.createdAt).toLocaleString('nl-NL')}</span> — {e.actorName}{' '}
          {t.actions[e.action] ?? e.action}
          {e.subjectUid && e.subjectName ? (
            <>
              {' '}
              {t.about} <Link to={adminPaths.member(e.subjectUid)}>{e.subjectName}</Link>
            </>
          ) : null}
          {detailText(e)}
          {e.reason ? ` · ${t.reasonLabel} ${e.reason}` : ''}
        </li>
      ))}
    </ol>
  );
}
