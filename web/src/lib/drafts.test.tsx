import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearDrafts, leaveQuestion, useDraft, useLeaveGuard } from './drafts.ts';

const who = vi.hoisted(() => ({ uid: 'sanne' as string | null }));
vi.mock('./auth.tsx', () => ({
  useAuth: () => ({ status: 'ready', user: who.uid ? { uid: who.uid } : null }),
}));

/** A comment box as the post page has it: its text is the draft, leaving with text asks first. */
function Box({ place }: { place: string }) {
  const draft = useDraft(place);
  useLeaveGuard(draft.text.trim() !== '');
  return (
    <>
      <label>
        Reactie
        <textarea value={draft.text} onChange={(e) => draft.set(e.target.value)} />
      </label>
      <button type="button" onClick={draft.clear}>
        Verstuur
      </button>
      <Link to="/elders">Elders</Link>
    </>
  );
}

const page = (place = 'comment:1') => (
  <MemoryRouter initialEntries={['/bericht']}>
    <Routes>
      <Route path="/bericht" element={<Box place={place} />} />
      <Route path="/elders" element={<p>Andere pagina</p>} />
    </Routes>
  </MemoryRouter>
);

beforeEach(() => {
  who.uid = 'sanne';
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('drafts', () => {
  it('keeps the text across a reload (a new mount), per place', async () => {
    const first = render(page());
    await userEvent.type(screen.getByLabelText('Reactie'), 'Half geschreven');
    first.unmount();
    render(page());
    expect(screen.getByLabelText<HTMLTextAreaElement>('Reactie').value).toBe('Half geschreven');
    render(page('comment:2'));
    expect(screen.getAllByLabelText<HTMLTextAreaElement>('Reactie')[1]?.value).toBe('');
  });

  it('never shows one account’s draft to another account on the same browser', async () => {
    const first = render(page());
    await userEvent.type(screen.getByLabelText('Reactie'), 'Van sanne');
    first.unmount();
    who.uid = 'joris';
    const second = render(page());
    expect(screen.getByLabelText<HTMLTextAreaElement>('Reactie').value).toBe('');
    second.unmount();
    who.uid = null;
    render(page());
    expect(screen.getByLabelText<HTMLTextAreaElement>('Reactie').value).toBe('');
  });

  it('is gone after sending and after sign-out', async () => {
    render(page());
    await userEvent.type(screen.getByLabelText('Reactie'), 'Weg');
    await userEvent.click(screen.getByRole('button', { name: 'Verstuur' }));
    expect(screen.getByLabelText<HTMLTextAreaElement>('Reactie').value).toBe('');
    await userEvent.type(screen.getByLabelText('Reactie'), 'Nog een');
    act(() => clearDrafts());
    expect(screen.getByLabelText<HTMLTextAreaElement>('Reactie').value).toBe('');
    expect(Object.keys(localStorage).filter((k) => k.startsWith('kring.draft.'))).toEqual([]);
  });

  it('asks before leaving with unsent text: a link stays put when the member says no', async () => {
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    render(page());
    await userEvent.type(screen.getByLabelText('Reactie'), 'Concept');
    await userEvent.click(screen.getByRole('link', { name: 'Elders' }));
    expect(confirm).toHaveBeenCalledWith(leaveQuestion);
    expect(screen.getByLabelText('Reactie')).toBeTruthy();
    confirm.mockReturnValue(true);
    await userEvent.click(screen.getByRole('link', { name: 'Elders' }));
    expect(screen.getByText('Andere pagina')).toBeTruthy();
  });

  it('asks before a reload or closing the tab, and only while there is text', async () => {
    render(page());
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      fireEvent(window, event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await userEvent.type(screen.getByLabelText('Reactie'), 'x');
    expect(unload()).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Verstuur' }));
    expect(unload()).toBe(false);
  });
});
