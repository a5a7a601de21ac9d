import { css } from '@emotion/react';
import { safeHref } from '../../../lib/safe-link.ts';
import { nlContent } from '../../../messages/content.ts';

/** The browser's own audio player: keyboard and screen-reader support come with it. */
export function AudioPlayer({ src: given, title }: { src: string; title: string }) {
  // Only the site's own files and http(s) addresses play; anything else is not rendered at all.
  const src = safeHref(given);
  if (!src) return null;
  return (
    // biome-ignore lint/a11y/useMediaCaption: the CMS has no transcripts yet; the show notes are the text alternative
    <audio
      controls
      preload="none"
      src={src}
      aria-label={title}
      css={css`
        width: 100%;
        max-width: 600px;
        margin: 8px 0 16px;
      `}
    >
      <a href={src}>{nlContent.audioUnsupported}</a>
    </audio>
  );
}
