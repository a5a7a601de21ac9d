import { css } from '@emotion/react';
import type { Comment, Post } from '@kring/contract';
import { markdownToPlainText } from '@kring/contract/markdown';
import { type ReactNode, useCallback, useEffect, useMemo, useRef } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { RoleBadge } from '../../../components/ui/badge.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { bareList, colors, fontSize, nameLink } from '../../../components/ui/theme.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { useAccount } from '../../../lib/auth.tsx';
import { openChatWith } from '../../../lib/chat-panel.ts';
import { errorText } from '../../../lib/error-text.ts';
import { formatDate, karmaLabel, preview } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { useApi } from '../../../lib/use-api.ts';
import { nlCommunity, nlMembers, nlPublicProfile } from '../../../messages/community.ts';
import { nlProfilePage } from '../../../messages/profile.ts';
import {
  type ProfileListName as ListName,
  type PublicProfile as ProfileAnswer,
  profileListNextCursor,
  profileListPage,
  usePublicProfile,
} from '../api/get-public-profile.ts';
import { useCursorPages } from '../hooks/use-cursor-pages.ts';
import { MoreButton } from './more-button.tsx';
import { ProfileSafety } from './profile-safety.tsx';
import * as st from './public-profile-view.styles.ts';

type ProfileComment = Comment & { postTitle: string };
interface ListItems {
  posts: Post;
  comments: ProfileComment;
}

const itemStyle = css`
  padding: 12px 0;
  border-bottom: 1px solid ${colors.border};
`;

const metaStyle = css`
  margin: 4px 0 0;
  color: ${colors.muted};
  font-size: ${fontSize.md};
  /* A date or '0 PUNTEN' stays on one line. */
  & > time,
  & > span {
    white-space: nowrap;
  }
`;

function PostItem({ post, linkRef }: { post: Post; linkRef?: (el: HTMLAnchorElement | null) => void }) {
  return (
    <li css={itemStyle}>
      <Link ref={linkRef} to={paths.community.post(post.id)} css={nameLink}>
        {post.title}
      </Link>
      <p css={metaStyle}>
        <time dateTime={post.createdAt}>{formatDate(post.createdAt)}</time> ·{' '}
        <span>{karmaLabel(post.points)}</span> · <span>{nlCommunity.comments(post.commentCount)}</span>
      </p>
    </li>
  );
}

function CommentItem({
  comment,
  linkRef,
}: {
  comment: ProfileComment;
  linkRef?: (el: HTMLAnchorElement | null) => void;
}) {
  // What they wrote comes first; the link leads to it on the post page, highlighted.
  return (
    <li css={itemStyle}>
      <p
        css={css`
          margin: 0;
          overflow-wrap: anywhere;
        `}
      >
        {preview(markdownToPlainText(comment.content))}
      </p>
      <p css={metaStyle}>
        <Link
          ref={linkRef}
          to={paths.community.comment(comment.postId, comment.id)}
          css={css`
            overflow-wrap: anywhere;
          `}
        >
          {nlProfilePage.onPost(comment.postTitle)}
        </Link>{' '}
        · <time dateTime={comment.createdAt}>{formatDate(comment.createdAt)}</time> ·{' '}
        <span>{karmaLabel(comment.points)}</span>
      </p>
    </li>
  );
}

const renderItem = {
  posts: (item: Post, linkRef?: (el: HTMLAnchorElement | null) => void) => (
    <PostItem key={item.id} post={item} linkRef={linkRef} />
  ),
  comments: (item: ProfileComment, linkRef?: (el: HTMLAnchorElement | null) => void) => (
    <CommentItem key={item.id} comment={item} linkRef={linkRef} />
  ),
};

function Items<L extends ListName>({
  list,
  items,
  focusFirst,
}: {
  list: L;
  items: ListItems[L][];
  focusFirst: boolean;
}) {
  const first = useRef<HTMLAnchorElement | null>(null);
  const focused = useRef(false);
  useEffect(() => {
    if (!focusFirst || focused.current || !first.current) return;
    focused.current = true;
    first.current.focus();
  });
  const render = renderItem[list] as (
    item: ListItems[L],
    ref?: (el: HTMLAnchorElement | null) => void,
  ) => ReactNode;
  return (
    <>
      {items.map((item, i) =>
        render(
          item,
          i === 0
            ? (el) => {
                first.current = el;
              }
            : undefined,
        ),
      )}
    </>
  );
}

/**
 * The pages after the first, each on its own SWR key, in order. Each passes on the ids above it, so
 * an item never shows twice; a page loaded with "Meer …" takes the keyboard focus to its first item.
 */
function LaterPages<L extends ListName>({
  id,
  list,
  cursors,
  index,
  seen,
}: {
  id: number;
  list: L;
  cursors: readonly string[];
  index: number;
  seen: ReadonlySet<number>;
}) {
  const source = profileListPage(id, list, cursors[index] as string);
  const { data } = useApi(source.key, source.fetch);
  const items = useMemo(
    () => ((data?.[list] ?? []) as ListItems[L][]).filter((item) => !seen.has(item.id)),
    [data, list, seen],
  );
  const seenNext = useMemo(() => new Set([...seen, ...items.map((item) => item.id)]), [seen, items]);
  return (
    <>
      <Items list={list} items={items} focusFirst />
      {index + 1 < cursors.length ? (
        <LaterPages id={id} list={list} cursors={cursors} index={index + 1} seen={seenNext} />
      ) : null}
    </>
  );
}

/** Each list's heading, empty text and "Meer …" label. */
const listTexts: Record<ListName, { heading: string; empty: string; moreLabel: string }> = {
  posts: { heading: nlProfilePage.posts, empty: nlProfilePage.noPosts, moreLabel: nlPublicProfile.morePosts },
  comments: {
    heading: nlProfilePage.comments,
    empty: nlProfilePage.noComments,
    moreLabel: nlPublicProfile.moreComments,
  },
};

/**
 * One list of the profile (posts or comments): the first page from the profile, then "Meer …", paged
 * by useCursorPages (its first page is the profile's own key, so nothing is asked twice).
 */
function ProfileList<L extends ListName>({
  id,
  list,
  firstPage,
}: {
  id: number;
  list: L;
  firstPage: ListItems[L][];
}) {
  const { heading, empty, moreLabel } = listTexts[list];
  const page = useCallback((cursor: string | null) => profileListPage(id, list, cursor), [id, list]);
  const nextCursorOf = useMemo(() => profileListNextCursor(list), [list]);
  // The tail has the same key as the last of LaterPages: SWR asks once.
  const { cursors: asked, tail, loadingMore, hasMore, loadMore } = useCursorPages(page, nextCursorOf);
  const cursors = useMemo(() => asked.slice(1) as string[], [asked]);
  const seen = useMemo(() => new Set(firstPage.map((item) => item.id)), [firstPage]);

  return (
    <section css={st.section}>
      <h2>{heading}</h2>
      {firstPage.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ul css={bareList}>
          <Items list={list} items={firstPage} focusFirst={false} />
          {cursors.length > 0 ? (
            <LaterPages id={id} list={list} cursors={cursors} index={0} seen={seen} />
          ) : null}
        </ul>
      )}
      <MoreButton
        failed={
          cursors.length > 0 && tail.error && !tail.data
            ? errorText(tail.error, nlPublicProfile.moreFailed)
            : null
        }
        onRetry={() => void tail.mutate()}
        loading={loadingMore}
        hasMore={hasMore}
        onMore={loadMore}
        label={moreLabel}
      />
    </section>
  );
}

/** The top of the profile: avatar, name and badge, occupation, karma and membership, and the button. */
function ProfileHeader({ profile, isMe }: { profile: ProfileAnswer['profile']; isMe: boolean }) {
  return (
    <div css={st.header}>
      <Avatar url={profile.avatarUrl} name="" size={96} />
      <div css={st.facts}>
        <h1 css={st.name}>
          {profile.name} <RoleBadge role={profile.role} />
        </h1>
        {profile.occupation ? <p css={st.occupation}>{profile.occupation}</p> : null}
        <p css={st.karma}>
          {karmaLabel(profile.karmaPoints)} · {nlProfilePage.memberSince(formatDate(profile.createdAt))}
        </p>
      </div>
      {isMe ? (
        <ButtonLink to={paths.account.profile} variant="secondary">
          {nlProfilePage.edit}
        </ButtonLink>
      ) : (
        <Button variant="secondary" onClick={() => openChatWith(profile.id)}>
          {nlMembers.sendMessage}
        </Button>
      )}
    </div>
  );
}

/** A member's public profile (spec 2: /community/profiel/{id}) with their posts and comments, paged. */
export function PublicProfileView({ id }: { id: number | null }) {
  const { data, error } = usePublicProfile(
    id === null ? null : { id, postsCursor: null, commentsCursor: null },
  );
  const { data: account } = useAccount();
  usePageTitle(data?.profile.name);
  if (id === null || (error && !data))
    return <FormMessage kind="info">{nlProfilePage.loadFailed}</FormMessage>;
  if (!data) return <Spinner size={32} />;
  const { profile } = data;
  const isMe = account?.profile?.id === profile.id;
  return (
    <div>
      <ProfileHeader profile={profile} isMe={isMe} />
      {isMe ? null : <ProfileSafety profileId={profile.id} name={profile.name} />}
      {profile.bio ? <p css={st.bio}>{profile.bio}</p> : null}
      {/* Keyed by member: another profile starts again at the first pages. */}
      <ProfileList key={`posts-${profile.id}`} id={profile.id} list="posts" firstPage={data.posts} />
      <ProfileList key={`comments-${profile.id}`} id={profile.id} list="comments" firstPage={data.comments} />
    </div>
  );
}
