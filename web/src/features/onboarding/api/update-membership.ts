import { call } from '../../../lib/api.ts';
import type { PersonalDetailsValues } from '../../../lib/storage.ts';

/** Changes the personal details of the caller's (pending) membership at step 1 of onboarding. */
export const updateOnboardingDetails = (membership: PersonalDetailsValues) =>
  call('community', 'updateMembership', { membership });
