import { call } from '../../../lib/api.ts';
import type { ProfileValues } from '../components/profile-form.tsx';
import { throwNameTaken } from './name-conflict.ts';

/** Saves the caller's edited profile; a name another member took meanwhile is a UserNameTakenError. */
export const updateProfile = (values: ProfileValues) =>
  call('community', 'updateProfile', values).catch(throwNameTaken);
