import { act, render } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api.ts';
import { emptyOnboardingState, onboardingStore, personalDetailsOf } from '../../../lib/storage.ts';
import { useServerDetails } from './use-details-on-server.ts';

// Someone signed in whose pending membership is on the server (another device changed it last).
const server = {
  ...emptyOnboardingState(),
  firstName: 'Fenna',
  lastName: 'Bakker',
  birthdate: '1988-02-03',
  phoneNumber: '0687654321',
  streetName: 'Nieuwe Gracht',
  houseNumber: '9',
  postalCode: '3512 PA',
  city: 'Utrecht',
};
const calls = vi.hoisted(() => ({
  update: [] as unknown[],
  create: [] as unknown[],
  hasMembership: true,
  createFails: null as unknown,
}));
vi.mock('../../../lib/auth.tsx', () => ({
  useAuth: () => ({ status: 'ready', user: { uid: 'u1' } }),
  useAccount: () => ({
    data: { membership: calls.hasMembership ? server : null },
    refresh: async () => undefined,
  }),
}));
vi.mock('../api/update-membership.ts', () => ({
  updateOnboardingDetails: async (values: unknown) => void calls.update.push(values),
}));
vi.mock('../api/create-membership.ts', () => ({
  createMembership: async (values: unknown) => {
    calls.create.push(values);
    if (calls.createFails) throw calls.createFails;
  },
}));

let save: ReturnType<typeof useServerDetails>['save'];
function Step1() {
  save = useServerDetails().save;
  return null;
}

const older = { ...server, streetName: 'Lange Nieuwstraat', houseNumber: '7' };

beforeEach(() => {
  calls.update = [];
  calls.create = [];
  calls.hasMembership = true;
  calls.createFails = null;
});

describe('step 1 signed in: the server has the details (issue 23)', () => {
  it('an older copy this browser sent before does not hide (and then overwrite) newer details', async () => {
    onboardingStore.set({ ...older, isComplete: true });
    render(<Step1 />);
    expect(onboardingStore.get()?.streetName).toBe('Nieuwe Gracht');
    expect(onboardingStore.get()?.houseNumber).toBe('9');
  });

  it('keeps what was being typed here and not yet sent', () => {
    onboardingStore.set({ ...older, streetName: 'Half getypt', isComplete: false });
    render(<Step1 />);
    expect(onboardingStore.get()?.streetName).toBe('Half getypt');
  });

  it('Volgende without a change stores nothing again (no new sign-in asked for an unchanged form)', async () => {
    render(<Step1 />);
    await act(() => save?.({ ...personalDetailsOf(server), city: 'Utrecht ' }) ?? Promise.resolve());
    expect(calls.update).toEqual([]);
    await act(() => save?.({ ...personalDetailsOf(server), city: 'Amersfoort' }) ?? Promise.resolve());
    expect(calls.update).toHaveLength(1);
    expect(calls.create).toEqual([]);
  });
});

describe('step 1 signed in, the membership stored meanwhile (issue 23: never created twice)', () => {
  it('a membership another tab or the shell stored first is updated, not an error', async () => {
    calls.hasMembership = false;
    calls.createFails = new ApiError(409, { error: { code: 'CONFLICT', reason: 'MEMBERSHIP_EXISTS' } });
    render(<Step1 />);
    const values = { ...personalDetailsOf(server), city: 'Amersfoort' };
    await act(() => save?.(values) ?? Promise.resolve());
    expect(calls.create).toHaveLength(1);
    expect(calls.update).toEqual([values]);
  });
});
