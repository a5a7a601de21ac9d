import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { sectionStyle } from '../../../components/ui/page.tsx';

const headingRow = css`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: 16px;
  flex-wrap: wrap;
`;

/** A titled section of a content page, optionally with a link to the full list beside the title. */
export function ContentSection({
  title,
  more,
  children,
}: {
  title: string;
  more?: { label: string; to: string };
  children: ReactNode;
}) {
  return (
    <section css={sectionStyle}>
      {more ? (
        <div css={headingRow}>
          <h2>{title}</h2>
          <Link to={more.to}>{more.label}</Link>
        </div>
      ) : (
        <h2>{title}</h2>
      )}
      {children}
    </section>
  );
}
