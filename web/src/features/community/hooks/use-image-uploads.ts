/**
 * The images of a post being written or edited: each chosen file is checked (type, size, count),
 * shown at once from the member's own disk, and uploaded (uploadImage, kind 'post') while they go on
 * typing. The post is saved with the refs of the uploads (addedImageRefs) and the refs of images it
 * had that were removed (deletedImageRefs).
 */
import { limits } from '@kring/contract/limits';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorText } from '../../../lib/error-text.ts';
import { nlComposer } from '../../../messages/community.ts';
import { uploadPostImage } from '../api/upload-image.ts';

const imageTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
type ImageType = (typeof imageTypes)[number];
const isImageType = (type: string): type is ImageType => (imageTypes as readonly string[]).includes(type);

export interface DraftImage {
  key: string;
  /** The stored image's ref, once uploaded (or from the post being edited). */
  ref: string | null;
  /** What to show: the stored image, or the local file while it uploads. */
  src: string;
  uploading: boolean;
  /** Part of the post before this edit. */
  existing: boolean;
}

const readBase64 = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

let nextKey = 0;

/** Changes one image of the list (null: takes it out). */
const changeImage = (key: string, change: Partial<DraftImage> | null) => (list: DraftImage[]) =>
  change === null
    ? list.filter((i) => i.key !== key)
    : list.map((i) => (i.key === key ? { ...i, ...change } : i));

export function useImageUploads(initial: { ref: string; url: string }[] = []) {
  const [images, setImages] = useState<DraftImage[]>(() =>
    initial.map((image) => ({
      key: `existing-${image.ref}`,
      ref: image.ref,
      src: image.url,
      uploading: false,
      existing: true,
    })),
  );
  const [error, setError] = useState<string | null>(null);
  const objectUrls = useRef(new Set<string>());
  useEffect(() => {
    const urls = objectUrls.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  const add = useCallback(
    (files: File[]) => {
      setError(null);
      const room = limits.postImagesMax - images.length;
      if (files.length > room) setError(nlComposer.tooManyImages(limits.postImagesMax));
      for (const file of files.slice(0, Math.max(0, room))) {
        if (!isImageType(file.type)) {
          setError(nlComposer.imageType);
          continue;
        }
        if (file.size > limits.imageBytesMax) {
          setError(nlComposer.imageTooLarge);
          continue;
        }
        const key = `new-${nextKey++}`;
        const src = URL.createObjectURL(file);
        objectUrls.current.add(src);
        setImages((list) => [...list, { key, ref: null, src, uploading: true, existing: false }]);
        readBase64(file)
          .then((dataBase64) => uploadPostImage(file.type as ImageType, dataBase64))
          .then(
            (stored) => setImages(changeImage(key, { ref: stored.ref, uploading: false })),
            (failure: unknown) => {
              setImages(changeImage(key, null));
              setError(errorText(failure, nlComposer.uploadFailed));
            },
          );
      }
    },
    [images.length],
  );

  const remove = useCallback((key: string) => {
    setError(null);
    setImages(changeImage(key, null));
  }, []);

  const initialRefs = initial.map((i) => i.ref);
  const keptRefs = new Set(images.filter((i) => i.existing).map((i) => i.ref));
  return {
    images,
    error,
    add,
    remove,
    uploading: images.some((i) => i.uploading),
    addedImageRefs: images.filter((i) => !i.existing && i.ref !== null).map((i) => i.ref as string),
    deletedImageRefs: initialRefs.filter((ref) => !keptRefs.has(ref)),
  };
}
