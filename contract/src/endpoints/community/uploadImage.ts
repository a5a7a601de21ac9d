import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { limits, rateLimits } from '../../limits.ts';

/**
 * Uploads an avatar (community/profile/{profileId}/{random token}/avatar.png, a new token each time)
 * or a post image as base64. The server checks type and size, re-encodes it
 * without metadata and stores it; a post image's ref is then passed in addedImageRefs.
 */
export const uploadImage = endpoint({
  service: 'community',
  name: 'uploadImage',
  access: 'profile',
  session: 'live',
  rateLimit: rateLimits.uploads,
  input: z.object({
    kind: z.enum(['avatar', 'post']),
    contentType: z.enum(['image/png', 'image/jpeg', 'image/webp', 'image/gif']),
    dataBase64: z
      .string()
      .min(1)
      .max(Math.ceil((limits.imageBytesMax * 4) / 3) + 4),
  }),
  output: z.object({ ref: z.string(), url: z.string() }),
});
