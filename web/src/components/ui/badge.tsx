import { css } from '@emotion/react';
import { isAdmin, type Role } from '@kring/contract/roles';
import { nlCommunity } from '../../messages/community.ts';
import { colors, fontSize } from './theme.ts';

/** 'Admin' or 'Moderator' next to a user (spec 2); a plain member (or no role) gets none. */
export function RoleBadge({ role }: { role: Role }) {
  const label = nlCommunity.badges[role];
  if (!label) return null;
  return (
    <span
      css={css`
        display: inline-block;
        padding: 1px 6px;
        border-radius: 4px;
        font-size: ${fontSize.xs};
        font-weight: 700;
        color: ${colors.text};
        background: ${isAdmin(role) ? colors.admin : colors.moderator};
      `}
    >
      {label}
    </span>
  );
}

/** A count in white on the accent colour, a pill `height` px high (round while it holds one digit). */
export const countPill = (height: number, padding: number, size: string) => css`
  min-width: ${height}px;
  height: ${height}px;
  padding: 0 ${padding}px;
  border-radius: ${height / 2}px;
  background: ${colors.accent};
  color: ${colors.onPrimary};
  font-size: ${size};
  font-weight: 700;
  line-height: ${height}px;
  text-align: center;
`;

/** A count bubble; renders nothing at 0. */
export function CountBubble({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      data-testid="count-bubble"
      css={[
        countPill(18, 5, fontSize.xxs),
        css`
          position: absolute;
          top: 2px;
          right: 0;
        `,
      ]}
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}
