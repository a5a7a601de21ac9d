import { css } from '@emotion/react';

const coverStyle = css`
  display: block;
  width: 100%;
  height: auto;
  object-fit: cover;
  border-radius: 12px;
`;

/**
 * A page-wide CMS image with rounded corners; renders nothing without a source. With width and
 * height the browser reserves the image's proportions before it arrives (so nothing below it
 * moves); CMS images are 16:9 (1200 × 675). It is the top image of its page, the likely largest
 * paint: fetched early and never lazily (the server also preloads it, features/content/meta.ts).
 */
export function CoverImage({ src, alt }: { src: string | null | undefined; alt: string | null | undefined }) {
  return src ? (
    <img src={src} alt={alt ?? ''} width={1200} height={675} fetchPriority="high" css={coverStyle} />
  ) : null;
}
