import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api.ts';
import type { AvatarEditorHandle } from '../components/avatar-editor.tsx';
import { UserNameTakenError } from '../components/profile-form.tsx';
import { createProfileSequence } from './profile-sequences.ts';

const steps: string[] = [];
const call = vi.fn();
vi.mock('../../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api.ts')>()),
  call: (...args: unknown[]) => call(...args),
}));
vi.mock('../../../lib/analytics.ts', () => ({ track: (event: string) => steps.push(`track ${event}`) }));

const avatar: AvatarEditorHandle = {
  hasCustomImage: () => false,
  toPngBase64: async () => 'iVBORw0KGgo=',
};
const values = { name: 'anna_v', occupation: 'Ontwerper', bio: 'Hallo' };

beforeEach(() => {
  steps.length = 0;
  call.mockReset();
  call.mockImplementation(async (_service: string, name: string, input: unknown) => {
    steps.push(name);
    if (name === 'isUserNameAvailable') return { available: true, reason: null };
    if (name === 'createProfile') return { profile: { id: 1, ...(input as object) } };
    if (name === 'uploadImage') return { ref: 'community/profile/u1/avatar.png', url: 'http://x/avatar.png' };
    throw new Error(name);
  });
});

describe('createProfileSequence (spec 4)', () => {
  it('checks the name, creates the profile, uploads the avatar, refreshes, then sends the event', async () => {
    const refresh = vi.fn(async () => {
      steps.push('refresh token + account');
    });
    await createProfileSequence(refresh)(values, avatar);
    expect(steps).toEqual([
      'isUserNameAvailable',
      'createProfile',
      'uploadImage',
      'refresh token + account',
      'track ONBOARDING_FLOW_PROFILE_COMPLETE',
    ]);
    expect(call).toHaveBeenCalledWith('community', 'createProfile', values);
    expect(call).toHaveBeenCalledWith('community', 'uploadImage', {
      kind: 'avatar',
      contentType: 'image/png',
      dataBase64: 'iVBORw0KGgo=',
    });
  });

  it('stops with the taken message when the name is not available', async () => {
    call.mockResolvedValueOnce({ available: false, reason: null });
    const error = await createProfileSequence(async () => {})(values, avatar).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserNameTakenError);
    expect((error as Error).message).toBe('Deze naam is al in gebruik.');
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('turns a name conflict while creating into the taken message', async () => {
    call.mockResolvedValueOnce({ available: true, reason: null });
    call.mockRejectedValueOnce(new ApiError(409, { error: { code: 'CONFLICT' } }));
    await expect(createProfileSequence(async () => {})(values, avatar)).rejects.toBeInstanceOf(
      UserNameTakenError,
    );
  });

  it('does not create the profile twice when a retry follows a failed upload', async () => {
    const submit = createProfileSequence(async () => {});
    const failingAvatar = {
      ...avatar,
      toPngBase64: async () => Promise.reject(new Error('No blob to upload.')),
    };
    await expect(submit(values, failingAvatar)).rejects.toThrow('No blob to upload.');
    await submit(values, avatar);
    expect(steps.filter((step) => step === 'createProfile')).toHaveLength(1);
    expect(steps.at(-1)).toBe('track ONBOARDING_FLOW_PROFILE_COMPLETE');
  });
});
