import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api.ts';
import { useUserNameCheck } from '../hooks/use-user-name-check.ts';
import { UserNameField } from './user-name-field.tsx';

const call = vi.fn();
vi.mock('../../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api.ts')>()),
  call: (...args: unknown[]) => call(...args),
}));

function Harness({ unchanged }: { unchanged?: string }) {
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const check = useUserNameCheck(value, { touched, unchanged });
  return (
    <UserNameField
      value={value}
      check={check}
      onChange={(next) => {
        setTouched(true);
        setValue(next);
      }}
    />
  );
}

// fireEvent instead of user-event: synchronous, so fake timeouts measure exactly the debounce.
const type = (value: string) =>
  fireEvent.change(screen.getByLabelText('Gebruikersnaam'), { target: { value } });
const errorText = () => screen.getByRole('alert', { hidden: true }).textContent;
const wait = (ms: number) =>
  act(async () => {
    vi.advanceTimersByTime(ms);
  });

beforeEach(() => {
  // Only timeouts: React's scheduler must keep running.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  call.mockResolvedValue({ available: true, reason: null });
  render(<Harness unchanged="mijn_naam" />);
});
afterEach(() => {
  vi.useRealTimers();
  call.mockReset();
});

describe('username field (spec 5)', () => {
  it("requires a name: 'Vul een gebruikersnaam in.'", () => {
    type('a');
    type('   ');
    expect(errorText()).toBe('Vul een gebruikersnaam in.');
  });

  it('allows only letters, digits and underscore, with the spec message', () => {
    const chars = 'Je gebruikersnaam mag alleen letters, cijfers en laag streepje bevatten.';
    type('anna de vries');
    expect(errorText()).toBe(chars);
    type('anna-v');
    expect(errorText()).toBe(chars);
    // The final check also accepts accented Latin letters.
    type('Zoë_ç');
    expect(errorText()).toBe('');
  });

  it('asks the server once, 500 ms after the last keystroke', async () => {
    type('karel_1');
    expect(screen.getByText('Beschikbaarheid controleren…')).toBeTruthy();
    await wait(499);
    expect(call).not.toHaveBeenCalled();
    await wait(1);
    expect(call).toHaveBeenCalledTimes(1);
    expect(call).toHaveBeenCalledWith('community', 'isUserNameAvailable', { userName: 'karel_1' });
    expect(screen.getByText('Deze naam is beschikbaar.')).toBeTruthy();
  });

  it('restarts the wait on every keystroke', async () => {
    type('k');
    await wait(300);
    type('ka');
    await wait(300);
    type('kar');
    await wait(499);
    expect(call).not.toHaveBeenCalled();
    await wait(1);
    expect(call).toHaveBeenCalledTimes(1);
    expect(call).toHaveBeenCalledWith('community', 'isUserNameAvailable', { userName: 'kar' });
  });

  it("shows 'Deze naam is al in gebruik.' for a taken name", async () => {
    call.mockResolvedValue({ available: false, reason: null });
    type('anna');
    await wait(500);
    expect(errorText()).toBe('Deze naam is al in gebruik.');
    expect(screen.getByLabelText('Gebruikersnaam').getAttribute('aria-invalid')).toBe('true');
  });

  it('says the member goes too fast when the checks hit their limit, and that a check failed otherwise', async () => {
    call.mockRejectedValue(new ApiError(429, { error: { code: 'RATE_LIMITED' } }));
    type('anna');
    await wait(500);
    expect(errorText()).toBe('Je gaat even te snel. Probeer het over een paar minuten opnieuw.');
    call.mockRejectedValue(new ApiError(500, { error: { code: 'INTERNAL' } }));
    type('anna_2');
    await wait(500);
    expect(errorText()).toBe('De beschikbaarheid kon niet worden gecontroleerd.');
  });

  it('does not ask the server about a name that breaks a rule, or about the current name', async () => {
    type('a b');
    await wait(1000);
    type('mijn_naam');
    await wait(1000);
    expect(call).not.toHaveBeenCalled();
    expect(errorText()).toBe('');
  });

  it('ignores an answer for an earlier spelling', async () => {
    let answerFirst: (value: unknown) => void = () => {};
    call.mockImplementationOnce(() => new Promise((resolve) => (answerFirst = resolve)));
    type('anna');
    await wait(500);
    type('annax');
    await act(async () => answerFirst({ available: false, reason: null }));
    expect(errorText()).toBe('');
    expect(screen.getByText('Beschikbaarheid controleren…')).toBeTruthy();
    await wait(500);
    expect(screen.getByText('Deze naam is beschikbaar.')).toBeTruthy();
  });
});
