import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ProfileForm, UserNameTakenError } from './profile-form.tsx';

vi.mock('../../../lib/api.ts', () => ({ call: vi.fn(async () => ({ available: true, reason: null })) }));

const renderForm = (onSubmit = vi.fn(async () => {})) => {
  render(
    <ProfileForm
      initial={{ name: 'anna_v', occupation: '', bio: '' }}
      submitLabel="Opslaan"
      submittingLabel="Bezig…"
      onSubmit={onSubmit}
    />,
  );
  return onSubmit;
};

describe('ProfileForm', () => {
  it("cuts the occupation at its limit with 'Occupation character limit reached.'", () => {
    renderForm();
    const occupation = screen.getByLabelText<HTMLInputElement>('Beroep');
    fireEvent.change(occupation, { target: { value: 'x'.repeat(60) } });
    expect(screen.queryByText('Occupation character limit reached.')).toBeNull();
    fireEvent.change(occupation, { target: { value: 'x'.repeat(61) } });
    expect(occupation.value).toHaveLength(60);
    expect(screen.getByText('Occupation character limit reached.')).toBeTruthy();
  });

  it('has a label on every field, including the avatar controls', () => {
    renderForm();
    for (const label of ['Gebruikersnaam', 'Beroep', 'Bio', 'Kies een foto', 'Inzoomen']) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
  });

  it('shows the taken message on the name field when the submit finds the name taken', async () => {
    renderForm(vi.fn(async () => Promise.reject(new UserNameTakenError())));
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Deze naam is al in gebruik.')).toBeTruthy();
  });

  it("shows 'Er is een onbekende fout opgetreden' when saving fails otherwise", async () => {
    renderForm(vi.fn(async () => Promise.reject(new Error('Call failed with status 500'))));
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Er is een onbekende fout opgetreden')).toBeTruthy();
  });
});
