import { css } from '@emotion/react';
import { Link } from 'react-router-dom';
import { call } from '../../lib/api.ts';
import { paths } from '../../lib/paths.ts';
import { useApi } from '../../lib/use-api.ts';
import { nlModeration } from '../../messages/search.ts';

/** A moderator's header link to the queue, with the number of items that have open reports. */
export function ModerationCount() {
  const { data } = useApi('moderation/count', () => call('community', 'countOpenReportsModerator', {}), {
    refreshInterval: 60_000,
  });
  const count = data?.count ?? 0;
  return (
    <Link
      to={paths.community.moderation}
      aria-label={nlModeration.headerLink(count)}
      data-testid="moderation-count"
      css={css`
        display: inline-flex;
        align-items: center;
        gap: 4px;
        padding: 6px 8px;
        border-radius: 6px;
        font-size: 0.9rem;
        text-decoration: none;
        color: inherit;
        &:focus-visible {
          outline: 3px solid #5b5bd6;
        }
      `}
    >
      {nlModeration.title}
      {count > 0 ? (
        <span
          aria-hidden="true"
          css={css`
            background: #b3261e;
            color: #fff;
            border-radius: 999px;
            min-width: 20px;
            padding: 0 6px;
            font-size: 0.8rem;
            text-align: center;
          `}
        >
          {count}
        </span>
      ) : null}
    </Link>
  );
}
