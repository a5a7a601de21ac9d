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

/** A count bubble; renders nothing at 0. */
export function CountBubble({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      data-testid="count-bubble"
      css={css`
        position: absolute;
        top: 2px;
        right: 0;
        min-width: 18px;
        height: 18px;
        padding: 0 5px;
        border-radius: 9px;
        background: ${colors.accent};
        color: ${colors.onPrimary};
        font-size: ${fontSize.xxs};
        font-weight: 700;
        line-height: 18px;
        text-align: center;
      `}
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}
