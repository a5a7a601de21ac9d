import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { SignInForm } from './sign-in-form.tsx';

const firebase = vi.hoisted(() => ({
  signInWithEmail: vi.fn(),
  signInWithGoogle: vi.fn(),
  sendPasswordReset: vi.fn(),
}));
vi.mock('../../../lib/firebase.ts', () => firebase);

const authError = (code: string) => Object.assign(new Error(code), { code });

beforeEach(() => {
  for (const fn of Object.values(firebase)) fn.mockReset();
});

describe('SignInForm', () => {
  it('signs in with e-mail and password', async () => {
    const user = userEvent.setup();
    firebase.signInWithEmail.mockResolvedValue({ uid: 'u1' });
    renderWithProviders(<SignInForm />);
    await user.type(screen.getByLabelText('E-mailadres'), ' anna@example.nl ');
    await user.type(screen.getByLabelText('Wachtwoord'), 'geheim123');
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    expect(firebase.signInWithEmail).toHaveBeenCalledWith('anna@example.nl', 'geheim123');
  });

  it('shows the Dutch message for a Firebase error', async () => {
    const user = userEvent.setup();
    firebase.signInWithEmail.mockRejectedValue(authError('auth/wrong-password'));
    renderWithProviders(<SignInForm />);
    await user.type(screen.getByLabelText('E-mailadres'), 'anna@example.nl');
    await user.type(screen.getByLabelText('Wachtwoord'), 'fout');
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Dit wachtwoord is ongeldig');
    // The form is usable again.
    expect(screen.getByRole('button', { name: 'Inloggen' }).hasAttribute('disabled')).toBe(false);
  });

  it('clears the fill-in message once its field has a value (spec 5), not before', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SignInForm />);
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Vul een emailadres in');
    // Typing in the other field leaves it; a value in the address field clears it.
    await user.type(screen.getByLabelText('Wachtwoord'), 'x');
    expect(screen.getByRole('alert').textContent).toBe('Vul een emailadres in');
    await user.type(screen.getByLabelText('E-mailadres'), 'a');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("asks for an e-mail address first: 'Vul een emailadres in'", async () => {
    const user = userEvent.setup();
    renderWithProviders(<SignInForm />);
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Vul een emailadres in');
    expect(firebase.signInWithEmail).not.toHaveBeenCalled();
  });

  it('signs in with Google and maps its errors too', async () => {
    const user = userEvent.setup();
    firebase.signInWithGoogle.mockRejectedValue(authError('auth/user-disabled'));
    renderWithProviders(<SignInForm />);
    await user.click(screen.getByRole('button', { name: 'Inloggen met Google' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Dit emailadres is geblokkeerd');
  });

  it('sends a password-reset mail', async () => {
    const user = userEvent.setup();
    firebase.sendPasswordReset.mockResolvedValue(undefined);
    renderWithProviders(<SignInForm />);
    await user.click(screen.getByRole('button', { name: 'Wachtwoord vergeten?' }));
    await user.type(screen.getByLabelText('E-mailadres'), 'anna@example.nl');
    await user.click(screen.getByRole('button', { name: 'Stuur de link' }));
    expect(firebase.sendPasswordReset).toHaveBeenCalledWith('anna@example.nl');
    expect(await screen.findByText(/staat er nu een e-mail met een link in je inbox/)).toBeTruthy();
  });

  it('reports an unknown address on reset with the catalogue text', async () => {
    const user = userEvent.setup();
    firebase.sendPasswordReset.mockRejectedValue(authError('auth/user-not-found'));
    renderWithProviders(<SignInForm />);
    await user.click(screen.getByRole('button', { name: 'Wachtwoord vergeten?' }));
    await user.type(screen.getByLabelText('E-mailadres'), 'niemand@example.nl');
    await user.click(screen.getByRole('button', { name: 'Stuur de link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Dit emailadres is niet geregistreerd');
  });
});
