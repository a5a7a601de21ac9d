/**
 * The timeline's topics: "Trending" (most activity this week) and all topics by number of posts,
 * ten at a time with "Meer onderwerpen". Each is a link to the timeline filtered by it. From 1000px
 * it is a side column; narrower, one row of chips that scrolls sideways above the posts.
 */
import { css } from '@emotion/react';
import { type ReactNode, useId, useRef } from 'react';
import { Link } from 'react-router-dom';
import { Spinner } from '../../../components/ui/spinner.tsx';
import {
  bareList,
  chip,
  chipChosen,
  colors,
  eyebrow,
  fontSize,
  mq,
  visuallyHidden,
} from '../../../components/ui/theme.ts';
import { paths } from '../../../lib/paths.ts';
import { nlTimeline } from '../../../messages/community.ts';
import { topicsByPostCountPage } from '../api/list-topics-by-post-count.ts';
import { useTrendingTopics } from '../api/list-trending-topics.ts';
import { useCursorPages, useFocusFirstNew } from '../hooks/use-cursor-pages.ts';
import { PageChain } from './page-chain.tsx';

export function TopicNav({ activeSlug }: { activeSlug: string | null }) {
  const trending = useTrendingTopics();
  const byCount = useCursorPages(topicsByPostCountPage);
  const trendingId = useId();
  const byCountId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const moreRef = useRef<HTMLButtonElement>(null);
  const rememberFocus = useFocusFirstNew(listRef, byCount.tail.data, moreRef);
  const loadMoreTopics = () => {
    rememberFocus();
    byCount.loadMore();
  };
  const noTopics = byCount.cursors.length === 1 && byCount.tail.data?.items.length === 0;

  return (
    <nav aria-label={nlTimeline.topicsNav} css={navStyle}>
      {activeSlug ? (
        <p css={allStyle}>
          <Link to={paths.community.topic(null)} css={[chipStyle, allLinkStyle]}>
            <span aria-hidden="true">×</span> {nlTimeline.allPosts}
          </Link>
        </p>
      ) : null}
      {trending.data?.topics.length === 0 ? null : (
        <section aria-labelledby={trendingId} css={sectionStyle}>
          <h2 id={trendingId} css={headingStyle}>
            {nlTimeline.trending}
          </h2>
          {trending.data ? (
            <ul css={listStyle}>
              {trending.data.topics.map((topic) => (
                <li key={topic.id}>
                  <TopicLink slug={topic.slug} active={topic.slug === activeSlug}>
                    {topic.name}
                  </TopicLink>
                </li>
              ))}
            </ul>
          ) : (
            <Status failed={trending.error !== undefined} />
          )}
        </section>
      )}
      <section aria-labelledby={byCountId} css={sectionStyle}>
        <h2 id={byCountId} css={headingStyle}>
          {nlTimeline.byPostCount}
        </h2>
        {noTopics ? <p css={noteStyle}>{nlTimeline.noTopics}</p> : null}
        <ul ref={listRef} css={listStyle}>
          <PageChain
            cursors={byCount.cursors}
            page={topicsByPostCountPage}
            renderItem={(topic) => (
              <li key={topic.id}>
                <TopicLink slug={topic.slug} active={topic.slug === activeSlug}>
                  {topic.name}{' '}
                  <span css={countStyle}>
                    <span aria-hidden="true">{topic.postCount}</span>
                    <span css={visuallyHidden}>({nlTimeline.postCount(topic.postCount)})</span>
                  </span>
                </TopicLink>
              </li>
            )}
          />
        </ul>
        {byCount.tail.data === undefined ? <Status failed={byCount.tail.error !== undefined} /> : null}
        {byCount.hasMore ? (
          <button type="button" ref={moreRef} onClick={loadMoreTopics} css={[chipStyle, moreStyle]}>
            {nlTimeline.moreTopics}
          </button>
        ) : null}
      </section>
    </nav>
  );
}

function TopicLink({ slug, active, children }: { slug: string; active: boolean; children: ReactNode }) {
  return (
    <Link to={paths.community.topic(slug)} aria-current={active ? 'page' : undefined} css={chipStyle}>
      {children}
    </Link>
  );
}

function Status({ failed }: { failed: boolean }) {
  return failed ? <p css={noteStyle}>{nlTimeline.topicsFailed}</p> : <Spinner size={20} />;
}

const navStyle = css`
  /* Also the containing block of the visually hidden counts, which must not widen the page. */
  position: relative;
  min-width: 0;
  ${mq.belowLarge} {
    display: flex;
    align-items: center;
    gap: 8px;
    overflow-x: auto;
    /* Room for the focus ring and the scrollbar. */
    padding: 4px 4px 10px;
    margin: 0 -4px;
    scrollbar-width: thin;
  }
  ${mq.large} {
    padding: 16px 10px;
    border: 1px solid ${colors.border};
    border-radius: 8px;
    background: ${colors.surface};
  }
`;

const sectionStyle = css`
  ${mq.belowLarge} {
    display: flex;
    align-items: center;
    gap: 8px;
    flex: none;
  }
  ${mq.large} {
    & + & {
      margin-top: 20px;
    }
  }
`;

const headingStyle = css`
  ${eyebrow};
  color: ${colors.muted};
  white-space: nowrap;
  ${mq.large} {
    margin-bottom: 6px;
    padding: 0 10px;
  }
`;

const listStyle = css`
  ${bareList};
  display: flex;
  gap: 8px;
  ${mq.belowLarge} {
    flex: none;
    align-items: center;
  }
  ${mq.large} {
    flex-direction: column;
    gap: 2px;
  }
`;

const allStyle = css`
  margin: 0;
  flex: none;
  ${mq.large} {
    margin-bottom: 16px;
  }
`;

const chipStyle = css`
  ${chip};
  justify-content: space-between;
  gap: 8px;
  min-height: 40px;
  padding: 8px 14px;
  border-radius: 20px;
  font: inherit;
  font-size: ${fontSize.control};
  line-height: 1.2;
  text-decoration: none;
  white-space: nowrap;
  &:hover {
    border-color: ${colors.primary};
  }
  &[aria-current='page'] {
    ${chipChosen};
    font-weight: 600;
  }
  ${mq.large} {
    display: flex;
    width: 100%;
    padding: 8px 10px;
    border-color: transparent;
    border-radius: 6px;
    background: transparent;
    white-space: normal;
    text-align: left;
    &:hover {
      border-color: transparent;
      background: ${colors.background};
      text-decoration: underline;
    }
  }
`;

const allLinkStyle = css`
  justify-content: flex-start;
  font-weight: 600;
`;

const moreStyle = css`
  color: ${colors.primary};
  font-weight: 600;
  ${mq.large} {
    justify-content: flex-start;
  }
`;

const countStyle = css`
  font-size: ${fontSize.sm};
  color: inherit;
  opacity: 0.8;
`;

const noteStyle = css`
  margin: 0;
  font-size: ${fontSize.md};
  color: ${colors.muted};
  white-space: nowrap;
  ${mq.large} {
    padding: 0 10px;
    white-space: normal;
  }
`;
