import { randomBytes } from 'node:crypto';
import { limits, validationMessages as m, type uploadImage } from '@kring/contract';
import sharp from 'sharp';
import { limitConcurrency } from '../../lib/concurrency.ts';
import { ApiError, forbidden, validationError } from '../../lib/errors.ts';
import { adminBucket, publicFileUrl } from '../../lib/firebase.ts';
import type { Handler } from '../../lib/handler.ts';
import { logs } from '../../lib/logs.ts';
import { setAvatarRef } from '../profiles/profiles.repo.ts';
import { newAvatarRef } from './avatar-paths.ts';
import { deleteStoredImages } from './stored-images.ts';
import { recordUpload } from './uploads.repo.ts';

type ImageType = 'png' | 'jpeg' | 'gif' | 'webp';

const avatarSize = 256;
const postImageMaxWidth = 1600;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The real type, from the file's first bytes; the declared content type is not trusted. */
function sniff(data: Buffer): ImageType | null {
  const ascii = (from: number, to: number) => data.subarray(from, to).toString('latin1');
  if (data.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}

/** Strict base64 (Buffer.from skips junk silently); a data: URL prefix is allowed. */
function decodeBase64(text: string): Buffer | null {
  const body = text.replace(/^data:[\w/+.-]+;base64,/, '').replace(/\s+/g, '');
  if (body.length === 0 || body.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(body)) return null;
  return Buffer.from(body, 'base64');
}

// Every upload is a different image, so libvips' operation cache would only hold memory.
sharp.cache(false);

/**
 * A re-encode at the pixel limit takes about 65 MB (measured: 24 MP PNG to WebP); two at a time keep
 * an instance (512 MiB, up to 40 calls) well inside its memory.
 */
const reencodeSlot = limitConcurrency(2);

/** The declared canvas size, read from the header without decoding; null when it is not an image. */
async function declaredPixels(data: Buffer): Promise<number | null> {
  try {
    const { width, height } = await sharp(data).metadata();
    return width && height ? width * height : null;
  } catch {
    return null;
  }
}

/**
 * Re-encodes the pixels only: sharp drops EXIF (GPS included), XMP and ICC data unless asked to keep
 * them. The EXIF orientation is applied first so the picture stays upright without it.
 */
function reencode(data: Buffer, kind: 'avatar' | 'post'): Promise<Buffer> {
  const image = sharp(data, { limitInputPixels: limits.imagePixelsMax, failOn: 'warning' }).rotate();
  return kind === 'avatar'
    ? image.resize(avatarSize, avatarSize, { fit: 'cover' }).png().toBuffer()
    : image.resize({ width: postImageMaxWidth, withoutEnlargement: true }).webp({ quality: 82 }).toBuffer();
}

export const uploadImageHandler: Handler<typeof uploadImage> = async ({ db, profileId }, input) => {
  // Avatars belong to a profile and post images are only used in posts, which need one too.
  if (profileId === null) throw forbidden('PROFILE_REQUIRED');
  const data = decodeBase64(input.dataBase64);
  if (!data) throw validationError('dataBase64', m.imageInvalid);
  if (data.length > limits.imageBytesMax) throw validationError('dataBase64', m.imageTooLarge);
  if (!sniff(data)) throw validationError('dataBase64', m.imageInvalid);
  // Refused from the header alone, before anything is decoded or waits for a slot.
  const pixels = await declaredPixels(data);
  if (pixels === null) throw validationError('dataBase64', m.imageInvalid);
  if (pixels > limits.imagePixelsMax) throw validationError('dataBase64', m.imageTooManyPixels);

  let encoded: Buffer;
  try {
    encoded = await reencodeSlot(() => reencode(data, input.kind));
  } catch {
    // limitInputPixels in reencode still guards a frame that is larger than the header said.
    throw validationError('dataBase64', m.imageInvalid);
  }

  const avatar = input.kind === 'avatar';
  // Both carry a random 128-bit part: Storage serves these paths to whoever knows them (avatar-paths.ts).
  const ref = avatar
    ? newAvatarRef(profileId)
    : `community/post/${profileId}/${randomBytes(16).toString('base64url')}.webp`;
  try {
    await adminBucket()
      .file(ref)
      .save(encoded, {
        resumable: false,
        contentType: avatar ? 'image/png' : 'image/webp',
        // A post image never changes. An avatar has a path of its own too, but it is a member's face:
        // replaced or erased (account deletion), it must leave shared caches within the hour, as it
        // did before the token paths (docs/privacy.md).
        metadata: { cacheControl: avatar ? 'public, max-age=3600' : 'public, max-age=31536000, immutable' },
      });
  } catch (error) {
    logs.error('image upload to storage failed', { ref, error });
    throw new ApiError('UNAVAILABLE', 'STORAGE_UNAVAILABLE');
  }

  if (!avatar) {
    // Swept after 24 hours unless a post uses it by then.
    await recordUpload(db, ref, profileId);
    return { ref, url: publicFileUrl(ref) };
  }
  const previous = await setAvatarRef(db, profileId, ref);
  if (previous) {
    // The replaced photo goes now; if Storage fails, the upload sweep deletes it within a day.
    const [gone] = await deleteStoredImages([previous]);
    if (gone === undefined) await recordUpload(db, previous, profileId);
  }
  return { ref, url: publicFileUrl(ref) };
};
