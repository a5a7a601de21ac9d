import { css } from '@emotion/react';
import { colors, mq } from './theme.ts';

export const DEFAULT_AVATAR_URL = '/images/default-avatar.svg';

/** A round profile photo: 32px, 40px from the large breakpoint (spec 9), or a fixed `size`. */
export function Avatar({ url, name, size }: { url: string | null | undefined; name: string; size?: number }) {
  return (
    <img
      src={url || DEFAULT_AVATAR_URL}
      alt={name}
      width={size ?? 32}
      height={size ?? 32}
      css={css`
        border-radius: 50%;
        object-fit: cover;
        background: ${colors.placeholder};
        flex: none;
        width: ${size ?? 32}px;
        height: ${size ?? 32}px;
        ${
          size
            ? ''
            : `${mq.large} {
          width: 40px;
          height: 40px;
        }`
        }
      `}
    />
  );
}
