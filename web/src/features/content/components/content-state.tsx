import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useNotFoundStatus } from '../../../lib/page-meta.ts';
import { paths } from '../../../lib/paths.ts';
import { nlContent } from '../../../messages/content.ts';
import { nl } from '../../../messages/nl.ts';
import { ContentNotFoundError } from '../api/get-content.ts';

/** Loading, not-found and error states of a CMS read; renders `children(data)` once there is data. */
export function ContentState<T>({
  data,
  error,
  children,
}: {
  data: T | undefined;
  error: unknown;
  children: (data: T) => ReactNode;
}) {
  if (data !== undefined) return children(data);
  if (error instanceof ContentNotFoundError) return <NotFound />;
  if (error) return <FormMessage kind="error">{nlContent.loadFailed}</FormMessage>;
  return (
    <div
      css={css`
        padding: 32px 0;
        display: flex;
        justify-content: center;
      `}
    >
      <Spinner size={32} />
    </div>
  );
}

/** The entry does not exist (or is not published): a 404 when the server renders it. */
function NotFound() {
  useNotFoundStatus();
  return (
    <div>
      <FormMessage kind="info">{nlContent.notFound}</FormMessage>
      <ButtonLink to={paths.home} variant="secondary">
        {nl.notFound.home}
      </ButtonLink>
    </div>
  );
}
