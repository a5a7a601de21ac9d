import { validationMessages } from '@kring/contract/messages';
import { track } from '../../../lib/analytics.ts';
import type { AvatarEditorHandle } from '../components/avatar-editor.tsx';
import { type ProfileValues, UserNameTakenError } from '../components/profile-form.tsx';
import { createProfile } from './create-profile.ts';
import { isUserNameAvailable } from './is-user-name-available.ts';
import { updateProfile } from './update-profile.ts';
import { uploadAvatar } from './upload-avatar.ts';

/**
 * The profile creation sequence of spec 4: check the username, create the profile, upload the
 * avatar, then `refreshAccount` (new ID token + revalidated account) and the analytics event.
 * A retry after a failed upload does not create the profile twice. The calls are one file each
 * beside this one; this file only puts them in order.
 */
export function createProfileSequence(refreshAccount: () => Promise<void>) {
  let created = false;
  return async (values: ProfileValues, avatar: AvatarEditorHandle) => {
    if (!created) {
      const availability = await isUserNameAvailable(values.name);
      if (!availability.available) {
        throw new UserNameTakenError(availability.reason ?? validationMessages.userNameTaken);
      }
      await createProfile(values);
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
    await updateProfile(values);
    if (avatar.hasCustomImage()) await uploadAvatar(avatar);
    await refreshAccount();
  };
}
