/**
 * A post's images: one shows large, more show as a grid of thumbnails (every image with width and
 * height, so nothing jumps while they load). A click opens the full image in a dialog, with
 * 'Vorige' and 'Volgende' (and the arrow keys) when there are more.
 */
import { css } from '@emotion/react';
import { useState } from 'react';
import { Button, buttonRow } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { colors, mq } from '../../../components/ui/theme.ts';
import { nlPostPage } from '../../../messages/community.ts';

const thumbButton = css`
  display: block;
  width: 100%;
  padding: 0;
  border: 1px solid ${colors.border};
  border-radius: 8px;
  overflow: hidden;
  background: ${colors.surface};
  cursor: zoom-in;
  img {
    display: block;
    width: 100%;
    height: auto;
  }
`;

export function PostGallery({ images }: { images: { ref: string; url: string }[] }) {
  const [shown, setShown] = useState<number | null>(null);
  if (images.length === 0) return null;
  const total = images.length;
  const single = total === 1;
  const current = shown === null ? undefined : images[shown];
  const step = (by: number) => setShown((i) => (i === null ? i : (i + by + total) % total));

  return (
    <>
      <ul
        aria-label={nlPostPage.imagesLabel}
        css={css`
          list-style: none;
          margin: 16px 0 0;
          padding: 0;
          display: grid;
          gap: 8px;
          grid-template-columns: ${single ? '1fr' : 'repeat(2, 1fr)'};
          ${mq.medium} {
            grid-template-columns: ${single ? '1fr' : 'repeat(3, 1fr)'};
          }
        `}
      >
        {images.map((image, i) => (
          <li key={image.ref}>
            <button type="button" css={thumbButton} onClick={() => setShown(i)}>
              <img
                src={image.url}
                alt={nlPostPage.openImage(i + 1, total)}
                width={single ? 800 : 400}
                height={single ? 450 : 300}
                loading="lazy"
                css={css`
                  aspect-ratio: ${single ? '16 / 9' : '4 / 3'};
                  object-fit: ${single ? 'contain' : 'cover'};
                `}
              />
            </button>
          </li>
        ))}
      </ul>
      {current && shown !== null ? (
        <Dialog title={nlPostPage.imageAlt(shown + 1, total)} onClose={() => setShown(null)} wide>
          {/* biome-ignore lint/a11y/noStaticElementInteractions: arrow keys are a shortcut; the buttons do the same */}
          <div
            onKeyDown={(e) => {
              if (total > 1 && e.key === 'ArrowLeft') step(-1);
              if (total > 1 && e.key === 'ArrowRight') step(1);
            }}
          >
            <img
              src={current.url}
              alt={nlPostPage.imageAlt(shown + 1, total)}
              css={css`
                display: block;
                max-width: 100%;
                max-height: calc(100vh - 220px);
                margin: 0 auto;
                object-fit: contain;
              `}
            />
            {total > 1 ? (
              <div css={[buttonRow, { justifyContent: 'space-between', marginTop: 12 }]}>
                <Button variant="secondary" size="compact" onClick={() => step(-1)}>
                  {nlPostPage.previousImage}
                </Button>
                <Button variant="secondary" size="compact" onClick={() => step(1)}>
                  {nlPostPage.nextImage}
                </Button>
              </div>
            ) : null}
          </div>
        </Dialog>
      ) : null}
    </>
  );
}
