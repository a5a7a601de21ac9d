import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { container } from './theme.ts';

/** A page's frame: the document title and an h1 (omitted while the title is not known yet). */
export function Page({
  title,
  children,
  narrow = false,
}: {
  title?: string | null;
  children: ReactNode;
  narrow?: boolean;
}) {
  usePageTitle(title);
  return (
    <div
      css={[
        container,
        css`
          padding-top: 24px;
          padding-bottom: 24px;
        `,
        narrow
          ? css`
              max-width: 800px;
            `
          : null,
      ]}
    >
      {title ? <h1>{title}</h1> : null}
      {children}
    </div>
  );
}

export const sectionStyle = css`
  margin-top: 40px;
  h2 {
    margin-bottom: 16px;
  }
`;
