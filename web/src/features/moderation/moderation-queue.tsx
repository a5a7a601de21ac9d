import { Link } from 'react-router-dom';
import { FormMessage } from '../../components/ui/form-message.tsx';
import { paths } from '../../lib/paths.ts';
import { nlModeration as t } from '../../messages/moderation.ts';
import { useModerationLog } from './api/list-moderation-log.ts';
import { useOpenReports } from './api/list-reports.ts';
import { dateText } from './dates.ts';
import { GroupCard } from './group-card.tsx';
import { log, muted, queue } from './moderation.styles.ts';

/** The open reports, grouped per item, with dismiss, remove and (admins) suspend. */
export function ModerationQueue({ isAdmin, onChange }: { isAdmin: boolean; onChange: () => void }) {
  // The header's count (moderation-count.tsx) follows every action at once (reload).
  const { data, error, reload } = useOpenReports();
  if (error) return <FormMessage kind="error">{t.failed}</FormMessage>;
  if (!data) return null;
  if (data.items.length === 0) return <p>{t.queueEmpty}</p>;
  return (
    <ul css={queue}>
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
    <ol data-testid="moderation-log" css={log}>
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
