import { call } from '../../../lib/api.ts';
import type { AvatarEditorHandle } from '../components/avatar-editor.tsx';

/** Stores the cropped photo of the avatar editor as the caller's avatar (a PNG). */
export const uploadAvatar = async (avatar: AvatarEditorHandle) =>
  call('community', 'uploadImage', {
    kind: 'avatar',
    contentType: 'image/png',
    dataBase64: await avatar.toPngBase64(),
  });
