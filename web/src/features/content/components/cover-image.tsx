import { css } from '@emotion/react';
import type { ImgHTMLAttributes } from 'react';

const coverStyle = css`
  width: 100%;
  height: auto;
  border-radius: 12px;
`;

/** A page-wide CMS image with rounded corners; renders nothing without a source. */
export function CoverImage({
  src,
  alt,
  ...size
}: {
  src: string | null | undefined;
  alt: string | null | undefined;
} & Pick<ImgHTMLAttributes<HTMLImageElement>, 'width' | 'height'>) {
  return src ? <img src={src} alt={alt ?? ''} {...size} css={coverStyle} /> : null;
}
