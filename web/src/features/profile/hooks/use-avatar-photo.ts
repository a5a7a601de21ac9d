import { useEffect, useRef, useState } from 'react';
import { DEFAULT_AVATAR_URL } from '../../../components/ui/avatar.tsx';
import { nlProfileForm } from '../../../messages/profile.ts';

export interface Crop {
  zoom: number;
  /** -1 (left/top) .. 1 (right/bottom). */
  x: number;
  y: number;
}

export const loadImage = (src: string) =>
  new Promise<HTMLImageElement>((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(`image ${src} could not be loaded`));
    image.src = src;
  });

/**
 * The avatar editor's photo: the member's current avatar (or the default) at first, a chosen file
 * after `choose`, the default again after `reset`; the crop starts over with each new photo. A file
 * the browser cannot read keeps the photo and sets `error`.
 */
export function useAvatarPhoto(initialUrl: string | null | undefined) {
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [custom, setCustom] = useState(false);
  const [crop, setCrop] = useState<Crop>({ zoom: 1, x: 0, y: 0 });
  const [error, setError] = useState<string | null>(null);
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

  const choose = async (file: File | undefined) => {
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

  const reset = async () => {
    setError(null);
    setImage(await loadImage(DEFAULT_AVATAR_URL));
    setCustom(false);
    setCrop({ zoom: 1, x: 0, y: 0 });
  };

  return { image, custom, crop, setCrop, error, choose, reset };
}
