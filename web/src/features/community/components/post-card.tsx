/**
 * A post in a list (timeline, topic, article discussion): 'Vastgezet' for a pinned post, the title
 * as the link to the post, author, time, the opening of the text, the first image, topics, votes
 * and the number of comments. Styles: post-card.styles.ts.
 */
import type { Post } from '@kring/contract';
import { memo } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { RoleBadge } from '../../../components/ui/badge.tsx';
import { paths } from '../../../lib/paths.ts';
import { relativeTime } from '../../../lib/relative-time.ts';
import { nlCommunity, nlTimeline } from '../../../messages/community.ts';
import { excerpt } from '../excerpt.ts';
import { usePostPrefetch } from '../hooks/use-post-prefetch.ts';
import { deletedAuthorStyle } from './deleted-author.ts';
import * as styles from './post-card.styles.ts';
import { VoteButton } from './vote-button.tsx';

/** The author (a link to their profile, or "Verwijderd lid"), their badge and the time. */
function PostCardByline({ post }: { post: Post }) {
  return (
    <div css={styles.byline}>
      {post.author.deleted ? (
        <span css={deletedAuthorStyle}>{post.author.name}</span>
      ) : (
        <Link to={paths.community.profile(post.author.id)} css={styles.authorLink}>
          <Avatar url={post.author.avatarUrl} name="" size={32} />
          {post.author.name}
        </Link>
      )}
      <RoleBadge role={post.author.role} />
      <span css={styles.time}>
        <span aria-hidden="true" css={styles.timeSeparator}>
          ·{' '}
        </span>
        <time dateTime={post.createdAt}>{relativeTime(post.createdAt)}</time>
      </span>
    </div>
  );
}

function PostCardTopics({ topics }: { topics: Post['topics'] }) {
  if (topics.length === 0) return null;
  return (
    <ul aria-label={nlTimeline.postTopics} css={styles.topicList}>
      {topics.map((topic) => (
        <li key={topic.id}>
          <Link to={paths.community.topic(topic.slug)} css={styles.topicChip}>
            #{topic.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * Memoised: a vote patches one post in the cached page (the others keep their objects), so only that
 * card renders again and the click's feedback stays quick on a slow phone (issue 26).
 */
export const PostCard = memo(function PostCard({
  post,
  headingLevel = 3,
  isNew = false,
}: {
  post: Post;
  headingLevel?: 2 | 3;
  /** Placed since the member's previous visit: 'Nieuw' above the title. */
  isNew?: boolean;
}) {
  const { ref, prefetch } = usePostPrefetch(post.id);
  // Deleted on the post page a moment ago: the cached list still holds it until it is asked again.
  if (post.deletedAt) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const image = post.images[0];
  const text = excerpt(post.content);
  return (
    <article
      ref={ref}
      css={[styles.card, post.pinnedAt ? styles.pinnedCard : null]}
      data-content="post-card"
      // The post page's data, ahead of a click on the card's link (use-post-prefetch.ts).
      onPointerEnter={prefetch}
      onTouchStart={prefetch}
      onFocus={prefetch}
    >
      {post.pinnedAt ? <p css={styles.pinnedLabel}>{nlCommunity.pinned}</p> : null}
      {isNew ? (
        <p css={styles.newLabel} data-testid="new-since-visit">
          {nlTimeline.newSinceVisit}
        </p>
      ) : null}
      <Heading css={styles.title}>
        <Link to={paths.community.post(post.id)} css={styles.titleLink}>
          {post.title}
        </Link>
      </Heading>
      <PostCardByline post={post} />
      {text ? <p css={styles.excerptText}>{text}</p> : null}
      {image ? (
        <img
          src={image.url}
          alt=""
          width={640}
          height={360}
          loading="lazy"
          decoding="async"
          css={styles.coverImage}
        />
      ) : null}
      <PostCardTopics topics={post.topics} />
      <div css={styles.footer}>
        <VoteButton kind="post" item={post} />
        <span>{nlCommunity.comments(post.commentCount)}</span>
      </div>
    </article>
  );
});
