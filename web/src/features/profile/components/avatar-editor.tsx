import { css } from '@emotion/react';
import { type Ref, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import { DEFAULT_AVATAR_URL } from '../../../components/ui/avatar.tsx';
import { buttonStyle } from '../../../components/ui/button.tsx';
import { errorTextStyle } from '../../../components/ui/field.tsx';
import { colors, fontSize, visuallyHidden } from '../../../components/ui/theme.ts';
import { nlProfileForm } from '../../../messages/profile.ts';

/** The avatar is stored as a square PNG of this many pixels. */
export const AVATAR_SIZE = 256;

export interface AvatarEditorHandle {
  /** The cropped square as base64 PNG (without the data: prefix); throws 'No blob to upload.'. */
  toPngBase64(): Promise<string>;
  /** Whether the user chose a photo (otherwise the default avatar is used). */
  hasCustomImage(): boolean;
}

export interface Crop {
  zoom: number;
  /** -1 (left/top) .. 1 (right/bottom). */
  x: number;
  y: number;
}

/** The source square of an image for a crop: the largest centred square, shrunk by zoom and moved by x/y. */
export function cropRect(width: number, height: number, crop: Crop) {
  const side = Math.min(width, height) / crop.zoom;
  const sx = ((width - side) / 2) * (1 + crop.x);
  const sy = ((height - side) / 2) * (1 + crop.y);
  return { sx, sy, side };
}

const loadImage = (src: string) =>
  new Promise<HTMLImageElement>((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(`image ${src} could not be loaded`));
    image.src = src;
  });

const blobToBase64 = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });

/**
 * Choose a photo and crop it to a square in a canvas (zoom and position sliders, keyboard
 * operable). Without a chosen photo the default avatar is drawn, so there is always an image.
 */
export function AvatarEditor({
  ref,
  initialUrl,
}: {
  ref?: Ref<AvatarEditorHandle>;
  initialUrl?: string | null;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [custom, setCustom] = useState(false);
  const [crop, setCrop] = useState<Crop>({ zoom: 1, x: 0, y: 0 });
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const objectUrl = useRef<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    loadImage(initialUrl || DEFAULT_AVATAR_URL)
      .catch(() => loadImage(DEFAULT_AVATAR_URL))
      .then(
        (loaded) => {
          if (!cancelled) setImage(loaded);
        },
        () => undefined,
      );
    return () => {
      cancelled = true;
      if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    };
  }, [initialUrl]);

  useEffect(() => {
    const context = canvasRef.current?.getContext('2d');
    if (!context || !image) return;
    const width = image.naturalWidth || AVATAR_SIZE;
    const height = image.naturalHeight || AVATAR_SIZE;
    const { sx, sy, side } = cropRect(width, height, crop);
    context.fillStyle = colors.placeholder;
    context.fillRect(0, 0, AVATAR_SIZE, AVATAR_SIZE);
    context.drawImage(image, sx, sy, side, side, 0, 0, AVATAR_SIZE, AVATAR_SIZE);
  }, [image, crop]);

  useImperativeHandle(
    ref,
    () => ({
      hasCustomImage: () => custom,
      toPngBase64: async () => {
        const canvas = canvasRef.current;
        const blob = canvas
          ? await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'))
          : null;
        // Spec 8: the text of a missing avatar blob.
        if (!blob) throw new Error(nlProfileForm.noBlob);
        return blobToBase64(blob);
      },
    }),
    [custom],
  );

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    const url = URL.createObjectURL(file);
    try {
      const loaded = await loadImage(url);
      if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
      objectUrl.current = url;
      setImage(loaded);
      setCustom(true);
      setCrop({ zoom: 1, x: 0, y: 0 });
    } catch {
      URL.revokeObjectURL(url);
      setError(nlProfileForm.avatarUnreadable);
    }
  };

  const resetToDefault = async () => {
    setError(null);
    setImage(await loadImage(DEFAULT_AVATAR_URL));
    setCustom(false);
    setCrop({ zoom: 1, x: 0, y: 0 });
  };

  const slider = (key: keyof Crop, label: string, min: number, max: number) => (
    <label
      css={css`
        display: flex;
        flex-direction: column;
        gap: 2px;
        font-size: ${fontSize.md};
      `}
    >
      {label}
      <input
        type="range"
        min={min}
        max={max}
        step={0.01}
        value={crop[key]}
        disabled={!custom}
        onChange={(event) => setCrop((current) => ({ ...current, [key]: Number(event.target.value) }))}
      />
    </label>
  );

  return (
    <fieldset
      css={css`
        border: 0;
        margin: 0 0 16px;
        padding: 0;
      `}
    >
      <legend
        css={css`
          font-weight: 600;
          margin-bottom: 8px;
        `}
      >
        {nlProfileForm.avatar}
      </legend>
      <div
        css={css`
          display: flex;
          flex-wrap: wrap;
          gap: 16px;
          align-items: flex-start;
        `}
      >
        <canvas
          ref={canvasRef}
          width={AVATAR_SIZE}
          height={AVATAR_SIZE}
          role="img"
          aria-label={nlProfileForm.avatarPreview}
          data-testid="avatar-canvas"
          css={css`
            width: 128px;
            height: 128px;
            border-radius: 50%;
            border: 1px solid ${colors.border};
          `}
        />
        <div
          css={css`
            display: flex;
            flex-direction: column;
            gap: 8px;
            min-width: 200px;
          `}
        >
          <input
            id={inputId}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            css={visuallyHidden}
            onChange={(event) => void onFile(event.target.files?.[0])}
          />
          <label
            htmlFor={inputId}
            css={[
              buttonStyle('secondary', 'compact'),
              css`
                input:focus-visible + & {
                  outline: 3px solid ${colors.focus};
                  outline-offset: 2px;
                }
              `,
            ]}
          >
            {nlProfileForm.avatarChoose}
          </label>
          {custom ? (
            <button type="button" css={buttonStyle('ghost', 'compact')} onClick={() => void resetToDefault()}>
              {nlProfileForm.avatarReset}
            </button>
          ) : null}
          {slider('zoom', nlProfileForm.avatarZoom, 1, 3)}
          {slider('x', nlProfileForm.avatarX, -1, 1)}
          {slider('y', nlProfileForm.avatarY, -1, 1)}
          <p css={errorTextStyle} role="alert" hidden={!error}>
            {error}
          </p>
        </div>
      </div>
    </fieldset>
  );
}
