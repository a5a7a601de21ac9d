import { call } from '../../../lib/api.ts';
import type { PersonalDetailsValues } from '../../../lib/storage.ts';

/** Changes the member's personal details; the server checks them with the same rules (spec 5). */
export const updateMembership = (membership: PersonalDetailsValues) =>
  call('community', 'updateMembership', { membership });
