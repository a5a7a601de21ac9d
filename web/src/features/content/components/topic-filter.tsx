import { css } from '@emotion/react';
import { colors } from '../../../components/ui/theme.ts';
import { nlContent } from '../../../messages/content.ts';
import { type Article, topicsOf } from '../api/types.ts';

const listStyle = css`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  list-style: none;
  padding: 0;
  margin: 0 0 24px;
`;

const chip = (active: boolean) => css`
  display: inline-block;
  padding: 6px 12px;
  border-radius: 16px;
  border: 1px solid ${colors.primary};
  background: ${active ? colors.primary : colors.background};
  color: ${active ? colors.onPrimary : colors.primary};
  font: inherit;
  cursor: pointer;
`;

/** The topics of these articles, alphabetically (Dutch collation). */
export const topicsIn = (articles: Article[]) =>
  [...new Set(articles.flatMap(topicsOf))].sort((a, b) => a.localeCompare(b, 'nl'));

/** Toggle buttons 'Alle onderwerpen' and one per topic; nothing when there are no topics. */
export function TopicFilter({
  topics,
  current,
  onChange,
}: {
  topics: string[];
  current: string | null;
  onChange: (topic: string | null) => void;
}) {
  if (topics.length === 0) return null;
  return (
    <nav aria-label={nlContent.topics}>
      <ul css={listStyle}>
        {[null, ...topics].map((item) => (
          <li key={item ?? ''}>
            <button
              type="button"
              aria-pressed={current === item}
              css={chip(current === item)}
              onClick={() => onChange(item)}
            >
              {item ?? nlContent.allTopics}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
