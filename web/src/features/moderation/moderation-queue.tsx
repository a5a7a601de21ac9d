import { css } from '@emotion/react';
import type { ReportGroup } from '@kring/contract';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonRow } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { FormMessage } from '../../components/ui/form-message.tsx';
import { colors } from '../../components/ui/theme.ts';
import { paths } from '../../lib/paths.ts';
import { nlModeration as t } from '../../messages/moderation.ts';
import { dismissReports } from './api/dismiss-reports.ts';
import { useModerationLog } from './api/list-moderation-log.ts';
import { useOpenReports } from './api/list-reports.ts';
import { removeReportedItem } from './api/remove-reported-item.ts';
import { suspendMember } from './api/suspend-member.ts';

const card = css`
  border: 1px solid ${colors.border};
  border-radius: 8px;
  padding: 16px;
  margin-bottom: 16px;
  blockquote {
    margin: 8px 0;
    padding: 8px 12px;
    border-left: 4px solid ${colors.border};
    background: ${colors.surface};
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
`;
const muted = css`
  color: ${colors.muted};
  font-size: 0.9rem;
`;

/** Tomorrow as YYYY-MM-DD in the member's own time zone: the earliest end of a suspension. */
const tomorrow = () => {
  const d = new Date(Date.now() + 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

const dateText = (iso: string) =>
  new Date(iso).toLocaleDateString('nl-NL', { day: 'numeric', month: 'long', year: 'numeric' });

function ItemContext({ group }: { group: ReportGroup }) {
  const item = group.item;
  switch (item.kind) {
    case 'post':
      return (
        <>
          <Link to={paths.community.post(item.id)}>{item.title}</Link>
          <div css={muted}>
            {t.by} {item.author.name}
            {item.deletedAt ? ` · ${t.alreadyRemoved}` : ''}
          </div>
          <blockquote>{item.content}</blockquote>
        </>
      );
    case 'comment':
      return (
        <>
          <Link to={paths.community.comment(item.postId, item.id)}>{t.onPost(item.postTitle)}</Link>
          {item.parentContent ? (
            <div css={muted}>
              {t.inReplyTo} “{item.parentContent.slice(0, 160)}”
            </div>
          ) : null}
          <div css={muted}>
            {t.by} {item.author.name}
            {item.deletedAt ? ` · ${t.alreadyRemoved}` : ''}
          </div>
          <blockquote>{item.content}</blockquote>
        </>
      );
    case 'message':
      return (
        <>
          <div css={muted}>
            {t.by} {item.author.name} {t.to} {item.recipient.name}
          </div>
          <blockquote>{item.content}</blockquote>
        </>
      );
    case 'profile':
      return (
        <>
          <Link to={paths.community.profile(item.id)}>{item.author.name}</Link>
          <blockquote>
            {item.occupation}
            {item.occupation && item.bio ? '\n' : ''}
            {item.bio}
          </blockquote>
        </>
      );
    default:
      return <div css={muted}>{t.kinds.gone}</div>;
  }
}

function GroupCard({ group, isAdmin, onDone }: { group: ReportGroup; isAdmin: boolean; onDone: () => void }) {
  const [mode, setMode] = useState<'idle' | 'remove' | 'suspend'>('idle');
  const [reason, setReason] = useState('');
  const [until, setUntil] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const removable = (group.item.kind === 'post' || group.item.kind === 'comment') && !group.item.deletedAt;

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
  const remove = (e: FormEvent) => {
    e.preventDefault();
    void run(() => removeReportedItem(group, reason));
  };
  const suspend = (e: FormEvent) => {
    e.preventDefault();
    if (!group.subject) return;
    void run(() =>
      suspendMember({
        profileId: group.subject!.id,
        until,
        reason,
        report: { itemKind: group.itemKind, itemId: group.itemId },
      }),
    );
  };

  return (
    <li css={card} data-testid="report-group">
      <h3
        css={css`
          margin: 0 0 8px;
          font-size: 1rem;
        `}
      >
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
        <form onSubmit={mode === 'remove' ? remove : suspend}>
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
            <Button variant="ghost" onClick={() => setMode('idle')}>
              {t.cancel}
            </Button>
          </div>
        </form>
      )}
    </li>
  );
}

/** The open reports, grouped per item, with dismiss, remove and (admins) suspend. */
export function ModerationQueue({ isAdmin, onChange }: { isAdmin: boolean; onChange: () => void }) {
  // The header's count (moderation-count.tsx) follows every action at once (reload).
  const { data, error, reload } = useOpenReports();
  if (error) return <FormMessage kind="error">{t.failed}</FormMessage>;
  if (!data) return null;
  if (data.items.length === 0) return <p>{t.queueEmpty}</p>;
  return (
    <ul
      css={css`
        list-style: none;
        padding: 0;
      `}
    >
      {data.items.map((group) => (
        <GroupCard
          key={`${group.itemKind}:${group.itemId}`}
          group={group}
          isAdmin={isAdmin}
          onDone={() => {
            reload();
            onChange();
          }}
        />
      ))}
    </ul>
  );
}

/** The moderation log, newest first. */
export function ModerationLog({ version }: { version: number }) {
  const { data, error } = useModerationLog(version);
  if (error) return <FormMessage kind="error">{t.failed}</FormMessage>;
  if (!data) return null;
  if (data.items.length === 0) return <p>{t.logEmpty}</p>;
  return (
    <ol
      data-testid="moderation-log"
      css={css`
        padding-left: 20px;
        li {
          margin-bottom: 8px;
        }
      `}
    >
      {data.items.map((e) => (
        <li key={e.id}>
          <span css={muted}>{new Date(e.createdAt).toLocaleString('nl-NL')}</span> — {e.moderatorName}{' '}
          {t.actions[e.action]}
          {e.subjectName ? ` (${e.subjectName})` : ''}
          {e.suspendedUntil ? ` · ${t.suspendedUntil(dateText(e.suspendedUntil))}` : ''}
          {e.reason ? ` · ${t.reasonLabel} ${e.reason}` : ''}
          {e.postId ? (
            <>
              {' · '}
              <Link
                to={
                  e.commentId
                    ? paths.community.comment(e.postId, e.commentId)
                    : paths.community.post(e.postId)
                }
              >
                {e.commentId ? t.viewComment : t.viewPost}
              </Link>
            </>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
