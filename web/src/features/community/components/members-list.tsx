/**
 * The members list (/community/leden): everyone with a profile, newest first or by karma points,
 * paged with the API's cursor ("Meer leden"), each linked to their profile with a message button.
 */
import { css } from '@emotion/react';
import type { Profile } from '@kring/contract';
import { useCallback, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { RoleBadge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { bareList, colors, fontSize, mq, nameLink, visuallyHidden } from '../../../components/ui/theme.ts';
import { useAccount } from '../../../lib/auth.tsx';
import { openChatWith } from '../../../lib/chat-panel.ts';
import { errorText } from '../../../lib/error-text.ts';
import { karmaLabel } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { nlMembers } from '../../../messages/community.ts';
import type { Order } from '../api/cache.ts';
import { MEMBERS_ORDER_PARAM, membersOrderOf, membersPage, POINTS_VALUE } from '../api/members.ts';
import { useCursorPages, useFocusFirstNew } from '../hooks/use-cursor-pages.ts';
import { MoreButton } from './more-button.tsx';
import { PageChain } from './page-chain.tsx';
import { SortControl, type SortOption } from './sort-control.tsx';

const rowStyle = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px 16px;
  padding: 16px 0;
  border-bottom: 1px solid ${colors.border};
`;

const orderOptions: SortOption<Order>[] = [
  { value: 'createdAt', label: nlMembers.sortNewest },
  { value: 'points', label: nlMembers.sortPoints },
];

function MemberRow({ member, isMe }: { member: Profile; isMe: boolean }) {
  return (
    <li css={rowStyle} data-content="member-card">
      <Avatar url={member.avatarUrl} name="" size={48} />
      <div
        css={css`
          flex: 1 1 160px;
          min-width: 0;
        `}
      >
        <div
          css={css`
            display: flex;
            flex-wrap: wrap;
            align-items: center;
            gap: 4px 8px;
          `}
        >
          <Link to={paths.community.profile(member.id)} css={nameLink}>
            {member.name}
          </Link>
          <RoleBadge role={member.role} />
          {isMe ? (
            <span
              css={css`
                color: ${colors.muted};
                font-size: ${fontSize.md};
              `}
            >
              {nlMembers.you}
            </span>
          ) : null}
        </div>
        {member.occupation ? (
          <p
            css={css`
              margin: 2px 0 0;
              overflow-wrap: anywhere;
            `}
          >
            {member.occupation}
          </p>
        ) : null}
        <p
          css={css`
            margin: 2px 0 0;
            font-size: ${fontSize.xs};
            font-weight: 700;
            letter-spacing: 0.05em;
            color: ${colors.muted};
          `}
        >
          {karmaLabel(member.karmaPoints)}
        </p>
      </div>
      {isMe ? null : (
        <Button
          variant="secondary"
          size="compact"
          onClick={() => openChatWith(member.id)}
          css={css`
            ${mq.small} {
              margin-left: 64px;
            }
          `}
        >
          {nlMembers.sendMessage}
          <span css={visuallyHidden}>{nlMembers.sendMessageTo(member.name)}</span>
        </Button>
      )}
    </li>
  );
}

/** One order's list, paged as the post lists (PageChain): "Meer leden" continues at its first new member. */
function MembersOfOrder({ order, myId }: { order: Order; myId: number | null }) {
  const page = useCallback((cursor: string | null) => membersPage(order, cursor), [order]);
  const { cursors, tail, loadingMore, hasMore, loadMore } = useCursorPages(page);
  const listRef = useRef<HTMLUListElement>(null);
  const rememberFocus = useFocusFirstNew(listRef, tail.data);
  const first = cursors.length === 1;

  if (first && tail.error && !tail.data) {
    return (
      <div>
        <FormMessage kind="error">{errorText(tail.error, nlMembers.failed)}</FormMessage>
        <Button variant="secondary" onClick={() => void tail.mutate()}>
          {nlMembers.retry}
        </Button>
      </div>
    );
  }
  if (first && !tail.data) return <Spinner size={32} />;
  if (first && tail.data?.items.length === 0) return <p>{nlMembers.empty}</p>;

  return (
    <>
      <ul ref={listRef} css={bareList}>
        <PageChain
          cursors={cursors}
          page={page}
          renderItem={(member) => <MemberRow key={member.id} member={member} isMe={member.id === myId} />}
        />
      </ul>
      <MoreButton
        failed={tail.error && !tail.data ? errorText(tail.error, nlMembers.moreFailed) : null}
        onRetry={() => void tail.mutate()}
        loading={loadingMore}
        hasMore={hasMore}
        onMore={() => {
          rememberFocus();
          loadMore();
        }}
        label={nlMembers.more}
      />
    </>
  );
}

export function MembersList() {
  const [params, setParams] = useSearchParams();
  const order: Order = membersOrderOf(params);
  const { data: account } = useAccount();
  const myId = account?.profile?.id ?? null;
  return (
    <>
      <SortControl
        label={nlMembers.sortLabel}
        options={orderOptions}
        value={order}
        css={{ marginBottom: 8 }}
        onChange={(next) =>
          setParams(next === 'points' ? { [MEMBERS_ORDER_PARAM]: POINTS_VALUE } : {}, { replace: true })
        }
      />
      {/* Another order starts again at its first page. */}
      <MembersOfOrder key={order} order={order} myId={myId} />
    </>
  );
}
