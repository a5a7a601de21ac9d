/**
 * The end of a paged list (members, a profile's posts or comments): the next page's failure with
 * "Opnieuw proberen", a disabled "Laden…" while it loads, else the "Meer …" button while there is more.
 */
import { css } from '@emotion/react';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { nlMembers } from '../../../messages/community.ts';

const wrap = css`
  margin-top: 16px;
`;

export function MoreButton({
  failed,
  onRetry,
  loading,
  hasMore,
  onMore,
  label,
}: {
  /** The failed page's message, or null. */
  failed: string | null;
  onRetry: () => void;
  loading: boolean;
  hasMore: boolean;
  onMore: () => void;
  label: string;
}) {
  return (
    <div css={wrap}>
      {failed !== null ? (
        <>
          <FormMessage kind="error">{failed}</FormMessage>
          <Button variant="secondary" onClick={onRetry}>
            {nlMembers.retry}
          </Button>
        </>
      ) : loading ? (
        <Button variant="secondary" disabled>
          {nlMembers.loading}
        </Button>
      ) : hasMore ? (
        <Button variant="secondary" onClick={onMore}>
          {label}
        </Button>
      ) : null}
    </div>
  );
}
