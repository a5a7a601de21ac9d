import type { ReportGroup } from '@kring/contract';
import { type FormEvent, useState } from 'react';
import { Button, buttonRow } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { FormMessage } from '../../components/ui/form-message.tsx';
import { nlModeration as t } from '../../messages/moderation.ts';
import { dismissReports } from './api/dismiss-reports.ts';
import { removeReportedItem } from './api/remove-reported-item.ts';
import { suspendMember } from './api/suspend-member.ts';
import { dateText, tomorrow } from './dates.ts';
import { ItemContext } from './item-context.tsx';
import { card, cardTitle, muted } from './moderation.styles.ts';

type Mode = 'idle' | 'remove' | 'suspend';

/** Runs one moderator action at a time; `onDone` after success (the queue reloads), else an error. */
function useModeratorAction(onDone: () => void) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      onDone();
    } catch {
      setError(t.actionFailed);
    } finally {
      setBusy(false);
    }
  };
  return { error, busy, run };
}

/** The item's reports: how many, their reasons, who reported and what they wrote. */
function ReportsSummary({ group }: { group: ReportGroup }) {
  return (
    <>
      <h3 css={cardTitle}>
        {t.kinds[group.item.kind]} · {t.reportCount(group.count)}
      </h3>
      <div css={muted}>{group.reasons.map((r) => `${t.reasons[r.reason]} (${r.count})`).join(', ')}</div>
      <ItemContext group={group} />
      <ul css={muted}>
        {group.reports.map((r) => (
          <li key={`${r.reporter.id}`}>
            {r.reporter.name}: {t.reasons[r.reason]}
            {r.details ? ` — “${r.details}”` : ''}
          </li>
        ))}
      </ul>
      {group.subject?.suspendedUntil ? (
        <div css={muted}>{t.suspendedUntil(dateText(group.subject.suspendedUntil))}</div>
      ) : null}
    </>
  );
}

/** The reason and the last day of a suspension, kept while the moderator switches between forms. */
function useActionFields() {
  const [reason, setReason] = useState('');
  const [until, setUntil] = useState('');
  return { reason, setReason, until, setUntil };
}

/** Removing asks the reason (mailed to the author); suspending also the last day. */
function ActionForm({
  mode,
  busy,
  fields: { reason, setReason, until, setUntil },
  onSubmit,
  onCancel,
}: {
  mode: Exclude<Mode, 'idle'>;
  busy: boolean;
  fields: ReturnType<typeof useActionFields>;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit}>
      {mode === 'suspend' ? (
        <TextField
          label={t.suspendUntil}
          hint={t.suspendUntilHint}
          type="date"
          min={tomorrow()}
          required
          value={until}
          onChange={(e) => setUntil(e.target.value)}
        />
      ) : null}
      <TextField
        label={mode === 'remove' ? t.removeReason : t.suspendReason}
        required
        minLength={3}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      <div css={buttonRow}>
        <Button type="submit" variant="danger" disabled={busy}>
          {mode === 'remove' ? t.confirmRemove : t.confirmSuspend}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {t.cancel}
        </Button>
      </div>
    </form>
  );
}

/** One reported item: its reports, then dismiss, remove (posts and comments) and suspend (admins). */
export function GroupCard({
  group,
  isAdmin,
  onDone,
}: {
  group: ReportGroup;
  isAdmin: boolean;
  onDone: () => void;
}) {
  const [mode, setMode] = useState<Mode>('idle');
  const { error, busy, run } = useModeratorAction(onDone);
  const fields = useActionFields();
  const removable = (group.item.kind === 'post' || group.item.kind === 'comment') && !group.item.deletedAt;
  const act = () => {
    const { reason, until } = fields;
    if (mode === 'remove') return void run(() => removeReportedItem(group, reason));
    const subject = group.subject;
    if (!subject) return;
    void run(() =>
      suspendMember({
        profileId: subject.id,
        until,
        reason,
        report: { itemKind: group.itemKind, itemId: group.itemId },
      }),
    );
  };

  return (
    <li css={card} data-testid="report-group">
      <ReportsSummary group={group} />
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
      {mode === 'idle' ? (
        <div css={buttonRow}>
          <Button variant="secondary" disabled={busy} onClick={() => void run(() => dismissReports(group))}>
            {t.dismiss}
          </Button>
          {removable ? (
            <Button variant="danger" disabled={busy} onClick={() => setMode('remove')}>
              {t.remove}
            </Button>
          ) : null}
          {isAdmin && group.subject ? (
            <Button variant="secondary" disabled={busy} onClick={() => setMode('suspend')}>
              {t.suspend}
            </Button>
          ) : null}
        </div>
      ) : (
        <ActionForm mode={mode} busy={busy} fields={fields} onSubmit={act} onCancel={() => setMode('idle')} />
      )}
    </li>
  );
}
