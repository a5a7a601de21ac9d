import { call } from '../../../lib/api.ts';
import type { PersonalDetailsValues } from '../../../lib/storage.ts';

/** Stores the personal details of a new (pending) membership once the account exists. */
export const createMembership = (membership: PersonalDetailsValues) =>
  call('community', 'createMembership', { membership });
