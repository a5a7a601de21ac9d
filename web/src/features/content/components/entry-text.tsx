import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { colors, fontSize } from '../../../components/ui/theme.ts';

const metaStyle = css`
  color: ${colors.muted};
`;

const leadStyle = css`
  font-size: ${fontSize.xl};
`;

/** The muted line under a page title: date, author, place. */
export const EntryMeta = ({ children }: { children: ReactNode }) => <p css={metaStyle}>{children}</p>;

/** The larger opening paragraph of a page (summary, introduction). */
export const EntryLead = ({ children }: { children: ReactNode }) => <p css={leadStyle}>{children}</p>;
