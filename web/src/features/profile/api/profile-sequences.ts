import { validationMessages } from '@kring/contract/messages';
import { track } from '../../../lib/analytics.ts';
import { ApiError, call } from '../../../lib/api.ts';
import type { AvatarEditorHandle } from '../components/avatar-editor.tsx';
import { type ProfileValues, UserNameTakenError } from '../components/profile-form.tsx';

const uploadAvatar = async (avatar: AvatarEditorHandle) =>
  call('community', 'uploadImage', {
    kind: 'avatar',
    contentType: 'image/png',
    dataBase64: await avatar.toPngBase64(),
  });

/** A name conflict from createProfile/updateProfile (another member took it meanwhile). */
const isNameConflict = (error: unknown) =>
  error instanceof ApiError && (error.code === 'CONFLICT' || error.issueFor('name') !== undefined);

/**
 * The profile creation sequence of spec 4: check the username, create the profile, upload the
 * avatar, then `refreshAccount` (new ID token + revalidated account) and the analytics event.
 * A retry after a failed upload does not create the profile twice.
 */
export function createProfileSequence(refreshAccount: () => Promise<void>) {
  let created = false;
  return async (values: ProfileValues, avatar: AvatarEditorHandle) => {
    if (!created) {
      const availability = await call('community', 'isUserNameAvailable', { userName: values.name });
      if (!availability.available) {
        throw new UserNameTakenError(availability.reason ?? validationMessages.userNameTaken);
      }
      try {
        await call('community', 'createProfile', values);
      } catch (error) {
        if (isNameConflict(error)) throw new UserNameTakenError();
        throw error;
      }
      created = true;
    }
    await uploadAvatar(avatar);
    await refreshAccount();
    track('ONBOARDING_FLOW_PROFILE_COMPLETE');
  };
}

/** Saves an edited profile; the avatar is uploaded only when a new photo was chosen. */
export function updateProfileSequence(refreshAccount: () => Promise<void>) {
  return async (values: ProfileValues, avatar: AvatarEditorHandle) => {
    try {
      await call('community', 'updateProfile', values);
    } catch (error) {
      if (isNameConflict(error)) throw new UserNameTakenError();
      throw error;
    }
    if (avatar.hasCustomImage()) await uploadAvatar(avatar);
    await refreshAccount();
  };
}
