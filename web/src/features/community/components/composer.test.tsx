import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { Composer } from './composer.tsx';

vi.mock('../../../lib/firebase.ts', () => ({ getIdToken: async () => 'token' }));
vi.mock('../../../lib/auth.tsx', () => ({ useAuth: () => ({ status: 'ready', user: { uid: 'sanne' } }) }));

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse({ topics: [] })),
  );
});
// The stub stays until the next test: SWR may still ask for the topics after a test's last line.
afterEach(() => localStorage.clear());

const composer = (onCreate = vi.fn(async () => {})) =>
  renderWithProviders(<Composer label="Nieuw bericht" onCreate={onCreate} draftPlace="post:new" />);

describe('Composer drafts', () => {
  it('opens again after a reload with the half-written post, and forgets it once published', async () => {
    const first = composer();
    await userEvent.click(screen.getByRole('button', { name: /Nieuw bericht/ }));
    await userEvent.type(screen.getByLabelText('Titel'), 'Vraag over btw');
    await userEvent.type(screen.getByLabelText('Bericht'), 'Half geschre');
    first.unmount();

    const onCreate = vi.fn(async () => {});
    const second = composer(onCreate);
    expect(screen.getByLabelText<HTMLInputElement>('Titel').value).toBe('Vraag over btw');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Bericht').value).toBe('Half geschre');
    await userEvent.type(screen.getByLabelText('Bericht'), 'ven');
    await userEvent.click(screen.getByRole('button', { name: 'Plaatsen' }));
    expect(onCreate).toHaveBeenCalledWith(expect.objectContaining({ content: 'Half geschreven' }));
    second.unmount();

    composer();
    // Published: the editor starts closed and empty.
    await userEvent.click(screen.getByRole('button', { name: /Nieuw bericht/ }));
    expect(screen.getByLabelText<HTMLInputElement>('Titel').value).toBe('');
  });

  it('Annuleren throws the draft away; Escape keeps it', async () => {
    const first = composer();
    await userEvent.click(screen.getByRole('button', { name: /Nieuw bericht/ }));
    await userEvent.type(screen.getByLabelText('Titel'), 'Bewaar mij');
    await userEvent.keyboard('{Escape}');
    first.unmount();
    const second = composer();
    expect(screen.getByLabelText<HTMLInputElement>('Titel').value).toBe('Bewaar mij');
    await userEvent.click(screen.getByRole('button', { name: 'Annuleren' }));
    second.unmount();
    composer();
    // Nothing kept: the editor starts closed and empty.
    expect(screen.getByRole('button', { name: /Nieuw bericht/ })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Titel').value).toBe('');
  });
});
