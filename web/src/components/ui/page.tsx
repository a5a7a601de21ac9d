import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { type PageMeta, usePageMeta } from '../../lib/page-meta.ts';
import { container } from './theme.ts';

/**
 * A page's frame: the head (title, description, sharing tags: lib/page-meta.ts) and an h1 (omitted
 * while the title is not known yet).
 */
export function Page({
  title,
  meta,
  children,
  narrow = false,
}: {
  title?: string | null;
  /** Description, image, structured data; the title is `title`. */
  meta?: Omit<PageMeta, 'title'>;
  children: ReactNode;
  narrow?: boolean;
}) {
  usePageMeta({ ...meta, title });
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
