import { describe, expect, it, vi } from 'vitest';
import { config } from './config.ts';
import { presumable, readStoredUser } from './stored-user.ts';

// The record as firebase/auth's IndexedDB persistence keeps it ({ fbase_key, value }).
const record = (value: unknown) => ({ fbase_key: 'k', value });

describe('readStoredUser', () => {
  it("reads only this build's key: an entry of another API key is never presumed", async () => {
    const entries = new Map<string, unknown>([
      ['firebase:authUser:old-key:[DEFAULT]', record({ uid: 'old', email: 'oud@example.nl' })],
    ]);
    const read = vi.fn(async (key: string) => entries.get(key));
    expect(await readStoredUser(read)).toBeNull();
    expect(read).toHaveBeenCalledWith(`firebase:authUser:${config.firebase.apiKey}:[DEFAULT]`);

    entries.set(
      `firebase:authUser:${config.firebase.apiKey}:[DEFAULT]`,
      record({ uid: 'u1', email: 'anna@example.nl', displayName: 7 }),
    );
    expect(await readStoredUser(read)).toEqual({ uid: 'u1', email: 'anna@example.nl', displayName: null });
  });

  it('a record without a uid is nobody; only the last sign-in here is presumed', async () => {
    expect(await readStoredUser(async () => record({ email: 'anna@example.nl' }))).toBeNull();
    expect(await readStoredUser(async () => undefined)).toBeNull();
    const anna = { uid: 'u1', email: null, displayName: null };
    expect(presumable(anna, 'u1')).toBe(anna);
    expect(presumable(anna, 'u2')).toBeNull();
    expect(presumable(anna, null)).toBeNull();
  });
});
