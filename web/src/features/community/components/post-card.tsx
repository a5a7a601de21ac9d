/**
 * A post in a list (timeline, topic, article discussion): 'Vastgezet' for a pinned post, the title
 * as the link to the post, author, time, the opening of the text, the first image, topics, votes
 * and the number of comments.
 */
import { css } from '@emotion/react';
import type { Post } from '@kring/contract';
import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { RoleBadge } from '../../../components/ui/badge.tsx';
import { bareList, colors, fontSize, mq } from '../../../components/ui/theme.ts';
import { paths } from '../../../lib/paths.ts';
import { relativeTime } from '../../../lib/relative-time.ts';
import { nlCommunity, nlTimeline } from '../../../messages/community.ts';
import { excerpt } from '../excerpt.ts';
import { deletedAuthorStyle } from './deleted-author.ts';
import { VoteButton } from './vote-button.tsx';

/** A link's tap area grown to 40px high without making the chip itself taller. */
const tallTapArea = css`
  position: relative;
  &::after {
    content: '';
    position: absolute;
    inset: -6px 0;
  }
`;

export function PostCard({ post, headingLevel = 3 }: { post: Post; headingLevel?: 2 | 3 }) {
  // Deleted on the post page a moment ago: the cached list still holds it until it is asked again.
  if (post.deletedAt) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const image = post.images[0];
  const text = excerpt(post.content);
  return (
    <article
      css={css`
        display: flex;
        flex-direction: column;
        gap: 10px;
        padding: 16px;
        border: 1px solid ${post.pinnedAt ? colors.accent : colors.border};
        border-radius: 8px;
        background: ${colors.background};
      `}
    >
      {post.pinnedAt ? (
        <p
          css={css`
            margin: 0;
            font-size: ${fontSize.sm};
            font-weight: 700;
            letter-spacing: 0.04em;
            text-transform: uppercase;
            color: ${colors.accent};
          `}
        >
          {nlCommunity.pinned}
        </p>
      ) : null}
      <Heading
        css={css`
          margin: 0;
          font-size: ${fontSize.xl};
          line-height: 1.3;
          overflow-wrap: anywhere;
        `}
      >
        <Link
          to={paths.community.post(post.id)}
          css={css`
            /* A 40px tap area around a one-line title, without moving the text. */
            display: inline-block;
            padding: 8px 0;
            margin: -8px 0;
            color: ${colors.text};
            text-decoration: none;
            &:hover {
              text-decoration: underline;
              color: ${colors.primary};
            }
          `}
        >
          {post.title}
        </Link>
      </Heading>
      <div
        css={css`
          display: flex;
          flex-wrap: wrap;
          align-items: center;
          column-gap: 8px;
          font-size: ${fontSize.md};
        `}
      >
        {post.author.deleted ? (
          <span css={deletedAuthorStyle}>{post.author.name}</span>
        ) : (
          <Link
            to={paths.community.profile(post.author.id)}
            css={css`
              display: inline-flex;
              align-items: center;
              gap: 8px;
              min-height: 40px;
              font-weight: 600;
              color: ${colors.text};
              text-decoration: none;
              &:hover {
                text-decoration: underline;
              }
            `}
          >
            <Avatar url={post.author.avatarUrl} name="" size={32} />
            {post.author.name}
          </Link>
        )}
        <RoleBadge role={post.author.role} />
        <span
          css={css`
            color: ${colors.muted};
            white-space: nowrap;
            ${mq.small} {
              /* On a phone the time gets a line of its own, under the name. */
              flex-basis: 100%;
              margin: -6px 0 0 40px;
            }
          `}
        >
          <span
            aria-hidden="true"
            css={css`
              ${mq.small} {
                display: none;
              }
            `}
          >
            ·{' '}
          </span>
          <time dateTime={post.createdAt}>{relativeTime(post.createdAt)}</time>
        </span>
      </div>
      {text ? (
        <p
          css={css`
            margin: 0;
            color: ${colors.text};
            overflow-wrap: anywhere;
          `}
        >
          {text}
        </p>
      ) : null}
      {image ? (
        <img
          src={image.url}
          alt=""
          width={640}
          height={360}
          loading="lazy"
          decoding="async"
          css={css`
            display: block;
            width: 100%;
            height: auto;
            aspect-ratio: 16 / 9;
            object-fit: cover;
            border-radius: 6px;
            background: ${colors.surface};
          `}
        />
      ) : null}
      {post.topics.length > 0 ? (
        <ul
          aria-label={nlTimeline.postTopics}
          css={[
            bareList,
            css`
              display: flex;
              flex-wrap: wrap;
              gap: 12px 8px;
              padding: 6px 0;
            `,
          ]}
        >
          {post.topics.map((topic) => (
            <li key={topic.id}>
              <Link
                to={paths.community.topic(topic.slug)}
                css={[
                  tallTapArea,
                  css`
                    display: inline-flex;
                    align-items: center;
                    min-height: 28px;
                    padding: 2px 10px;
                    border-radius: 14px;
                    background: ${colors.surface};
                    color: ${colors.primary};
                    font-size: ${fontSize.md};
                    text-decoration: none;
                    &:hover {
                      text-decoration: underline;
                    }
                  `,
                ]}
              >
                #{topic.name}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <div
        css={css`
          display: flex;
          flex-wrap: wrap;
          align-items: center;
          gap: 12px;
          font-size: ${fontSize.md};
          color: ${colors.muted};
        `}
      >
        <VoteButton kind="post" item={post} />
        <span>{nlCommunity.comments(post.commentCount)}</span>
      </div>
    </article>
  );
}
