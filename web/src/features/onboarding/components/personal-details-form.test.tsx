import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PersonalDetailsForm } from './personal-details-form.tsx';

const track = vi.fn();
vi.mock('../../../lib/analytics.ts', () => ({ track: (...args: unknown[]) => track(...args) }));

const stored = () => JSON.parse(localStorage.getItem('onboardingState') ?? 'null');

const spec5 = [
  ['Voornaam', 'Vul een voornaam in'],
  ['Achternaam', 'Vul een achternaam in'],
  ['Geboortedatum', 'Vul een geboortedatum in'],
  ['Telefoonnummer', 'Vul een telefoonnummer in'],
  ['Straatnaam', 'Vul een straatnaam in'],
  ['Huisnummer', 'Vul een huisnummer in'],
  ['Postcode', 'Vul een postcode in'],
  ['Stad', 'Vul een stad in'],
] as const;

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Voornaam'), 'Anna');
  await user.type(screen.getByLabelText('Achternaam'), 'de Vries');
  await user.type(screen.getByLabelText('Geboortedatum'), '1990-05-17');
  await user.type(screen.getByLabelText('Telefoonnummer'), '0612345678');
  await user.type(screen.getByLabelText('Straatnaam'), 'Dorpsstraat');
  await user.type(screen.getByLabelText('Huisnummer'), '12');
  await user.type(screen.getByLabelText('Postcode'), '3512 AB');
  await user.type(screen.getByLabelText('Stad'), 'Utrecht');
}

beforeEach(() => track.mockClear());

describe('PersonalDetailsForm', () => {
  it('starts with country Nederland and an optional house number extension', () => {
    render(<PersonalDetailsForm onComplete={() => {}} />);
    expect(screen.getByLabelText<HTMLInputElement>('Land').value).toBe('Nederland');
    expect(screen.getByLabelText('Toevoeging (optioneel)')).toBeTruthy();
  });

  it('shows the exact spec message for every blank required field', async () => {
    const user = userEvent.setup();
    const onComplete = vi.fn();
    render(<PersonalDetailsForm onComplete={onComplete} />);
    await user.clear(screen.getByLabelText('Land'));
    await user.click(screen.getByRole('button', { name: 'Volgende' }));

    for (const [label, message] of [...spec5, ['Land', 'Vul een land in'] as const]) {
      const input = screen.getByLabelText(label);
      expect(input.getAttribute('aria-invalid'), label).toBe('true');
      const errorId = input
        .getAttribute('aria-describedby')
        ?.split(' ')
        .find((id) => id.endsWith('-error'));
      expect(document.getElementById(errorId ?? '')?.textContent, label).toBe(message);
    }
    expect(onComplete).not.toHaveBeenCalled();
    expect(stored().isComplete).toBe(false);
    expect(stored().errors.firstName).toBe('Vul een voornaam in');
    // Focus goes to the first field that needs attention.
    expect(document.activeElement).toBe(screen.getByLabelText('Voornaam'));
  });

  it('treats whitespace as blank', async () => {
    const user = userEvent.setup();
    render(<PersonalDetailsForm onComplete={() => {}} />);
    await user.type(screen.getByLabelText('Voornaam'), '   ');
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    expect(screen.getByText('Vul een voornaam in')).toBeTruthy();
  });

  it('clears an error as soon as its field gets a value, and only that one', async () => {
    const user = userEvent.setup();
    render(<PersonalDetailsForm onComplete={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    expect(screen.getByText('Vul een voornaam in')).toBeTruthy();
    await user.type(screen.getByLabelText('Voornaam'), 'A');
    expect(screen.queryByText('Vul een voornaam in')).toBeNull();
    expect(screen.getByLabelText('Voornaam').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText('Vul een achternaam in')).toBeTruthy();
    expect(stored().errors.firstName).toBeUndefined();
  });

  it('keeps what is typed in localStorage under onboardingState', async () => {
    const user = userEvent.setup();
    const first = render(<PersonalDetailsForm onComplete={() => {}} />);
    await user.type(screen.getByLabelText('Voornaam'), 'Anna');
    expect(stored().firstName).toBe('Anna');
    first.unmount();
    render(<PersonalDetailsForm onComplete={() => {}} />);
    expect(screen.getByLabelText<HTMLInputElement>('Voornaam').value).toBe('Anna');
  });

  it('rejects an implausible postal code with the contract message', async () => {
    const user = userEvent.setup();
    render(<PersonalDetailsForm onComplete={() => {}} />);
    await fillValid(user);
    await user.clear(screen.getByLabelText('Postcode'));
    await user.type(screen.getByLabelText('Postcode'), '12');
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    expect(screen.getByText('Vul een geldige postcode in')).toBeTruthy();
  });

  it('completes valid details: isComplete, the analytics event, then onComplete', async () => {
    const user = userEvent.setup();
    const onComplete = vi.fn();
    render(<PersonalDetailsForm onComplete={onComplete} />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(track).toHaveBeenCalledWith('ONBOARDING_FLOW_PERSONAL_DETAILS_COMPLETE');
    expect(stored()).toMatchObject({
      firstName: 'Anna',
      postalCode: '3512 AB',
      country: 'Nederland',
      houseNumberExtension: '',
      isComplete: true,
      errors: {},
    });
  });
});

describe('PersonalDetailsForm, signed in (issue 23: details stored on the server)', () => {
  it('stores valid details on the server before going on', async () => {
    const user = userEvent.setup();
    const save = vi.fn(async () => {});
    const onComplete = vi.fn();
    render(<PersonalDetailsForm onComplete={onComplete} save={save} />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    expect(save).toHaveBeenCalledWith(expect.objectContaining({ firstName: 'Anna', postalCode: '3512 AB' }));
    expect(onComplete).toHaveBeenCalled();
    expect(stored().isComplete).toBe(true);
  });

  it('puts the server’s field message on its field and stays', async () => {
    const { ApiError } = await import('../../../lib/api.ts');
    const user = userEvent.setup();
    const save = vi.fn(async () => {
      throw new ApiError(400, {
        error: {
          code: 'VALIDATION',
          message: 'invalid',
          issues: [{ path: 'membership.postalCode', message: 'Vul een geldige postcode in' }],
        },
      });
    });
    const onComplete = vi.fn();
    render(<PersonalDetailsForm onComplete={onComplete} save={save} />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    expect(await screen.findByText('Vul een geldige postcode in')).toBeTruthy();
    expect(screen.getByLabelText('Postcode').getAttribute('aria-invalid')).toBe('true');
    expect(onComplete).not.toHaveBeenCalled();
  });
});
