import { type Ref, useEffect, useId, useImperativeHandle, useRef } from 'react';
import { buttonStyle } from '../../../components/ui/button.tsx';
import { errorTextStyle } from '../../../components/ui/field.tsx';
import { colors, visuallyHidden } from '../../../components/ui/theme.ts';
import { nlProfileForm } from '../../../messages/profile.ts';
import { type Crop, useAvatarPhoto } from '../hooks/use-avatar-photo.ts';
import * as s from './avatar-editor.styles.ts';

export type { Crop } from '../hooks/use-avatar-photo.ts';

/** The avatar is stored as a square PNG of this many pixels. */
export const AVATAR_SIZE = 256;

export interface AvatarEditorHandle {
  /** The cropped square as base64 PNG (without the data: prefix); throws 'No blob to upload.'. */
  toPngBase64(): Promise<string>;
  /** Whether the user chose a photo (otherwise the default avatar is used). */
  hasCustomImage(): boolean;
}

/** The source square of an image for a crop: the largest centred square, shrunk by zoom and moved by x/y. */
export function cropRect(width: number, height: number, crop: Crop) {
  const side = Math.min(width, height) / crop.zoom;
  const sx = ((width - side) / 2) * (1 + crop.x);
  const sy = ((height - side) / 2) * (1 + crop.y);
  return { sx, sy, side };
}

const blobToBase64 = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });

/** Draws the cropped photo into the preview canvas, which is also what gets uploaded. */
function useCropPreview(image: HTMLImageElement | null, crop: Crop) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
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
  return canvasRef;
}

/** The handle the profile form uploads through: the canvas as PNG, and whether a photo was chosen. */
function useAvatarHandle(
  ref: Ref<AvatarEditorHandle> | undefined,
  canvasRef: { current: HTMLCanvasElement | null },
  custom: boolean,
) {
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
    [custom, canvasRef],
  );
}

/** One crop slider (zoom, left-right, up-down); off until the member chose a photo. */
function CropSlider({
  label,
  min,
  max,
  value,
  disabled,
  onChange,
}: {
  label: string;
  min: number;
  max: number;
  value: number;
  disabled: boolean;
  onChange: (value: number) => void;
}) {
  return (
    <label css={s.slider}>
      {label}
      <input
        type="range"
        min={min}
        max={max}
        step={0.01}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(Number(event.target.value))}
      />
    </label>
  );
}

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
  const { image, custom, crop, setCrop, error, choose, reset } = useAvatarPhoto(initialUrl);
  const canvasRef = useCropPreview(image, crop);
  useAvatarHandle(ref, canvasRef, custom);
  const inputId = useId();
  const slider = (key: keyof Crop, label: string, min: number, max: number) => (
    <CropSlider
      label={label}
      min={min}
      max={max}
      value={crop[key]}
      disabled={!custom}
      onChange={(value) => setCrop((current) => ({ ...current, [key]: value }))}
    />
  );

  return (
    <fieldset css={s.fieldset}>
      <legend css={s.legend}>{nlProfileForm.avatar}</legend>
      <div css={s.row}>
        <canvas
          ref={canvasRef}
          width={AVATAR_SIZE}
          height={AVATAR_SIZE}
          role="img"
          aria-label={nlProfileForm.avatarPreview}
          data-testid="avatar-canvas"
          css={s.preview}
        />
        <div css={s.controls}>
          <input
            id={inputId}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            css={visuallyHidden}
            onChange={(event) => void choose(event.target.files?.[0])}
          />
          <label htmlFor={inputId} css={[buttonStyle('secondary', 'compact'), s.chooseFocus]}>
            {nlProfileForm.avatarChoose}
          </label>
          {custom ? (
            <button type="button" css={buttonStyle('ghost', 'compact')} onClick={() => void reset()}>
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
