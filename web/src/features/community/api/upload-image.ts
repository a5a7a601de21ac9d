import { type ApiInput, call } from '../../../lib/api.ts';

export type ImageType = ApiInput<'community', 'uploadImage'>['contentType'];

/** Stores one image of a post being written; answers its ref for addedImageRefs. */
export const uploadPostImage = (contentType: ImageType, dataBase64: string) =>
  call('community', 'uploadImage', { kind: 'post', contentType, dataBase64 });
