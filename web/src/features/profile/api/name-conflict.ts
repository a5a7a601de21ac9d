import { ApiError } from '../../../lib/api.ts';
import { UserNameTakenError } from '../components/profile-form.tsx';

/**
 * createProfile's and updateProfile's shared answer to a name conflict (another member took it
 * meanwhile): a UserNameTakenError the form shows under the name; any other failure passes through.
 */
export function throwNameTaken(error: unknown): never {
  if (error instanceof ApiError && (error.code === 'CONFLICT' || error.issueFor('name') !== undefined)) {
    throw new UserNameTakenError();
  }
  throw error;
}
