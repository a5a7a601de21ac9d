import { css } from '@emotion/react';
import { nlContent } from '../../../messages/content.ts';

/** The browser's own audio player: keyboard and screen-reader support come with it. */
export function AudioPlayer({ src, title }: { src: string; title: string }) {
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
