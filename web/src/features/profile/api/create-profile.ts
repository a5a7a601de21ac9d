import { call } from '../../../lib/api.ts';
import type { ProfileValues } from '../components/profile-form.tsx';
import { throwNameTaken } from './name-conflict.ts';

/** Creates the caller's profile (spec 4); a name another member took meanwhile is a UserNameTakenError. */
export const createProfile = (values: ProfileValues) =>
  call('community', 'createProfile', values).catch(throwNameTaken);
