import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlainText } from '../../../components/ui/plain-text.tsx';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { activeMention, insertMention } from '../mention-input.ts';
import { CommentForm } from './comment-form.tsx';

vi.mock('../../../lib/firebase.ts', () => ({ getIdToken: async () => 'token' }));
const fetchMock = vi.fn<typeof fetch>();
const member = (id: number, name: string) => ({ id, name, role: 1, karmaPoints: 0, avatarUrl: null });
const members = [member(1, 'sanne'), member(2, 'sanne_de_boer'), member(3, 'sander')];
const asked: string[] = [];

beforeEach(() => {
  asked.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (url, init) => {
    if (String(url).endsWith('/suggestMentions')) {
      const { prefix } = JSON.parse(String(init?.body)) as { prefix: string };
      asked.push(prefix);
      return jsonResponse({ items: members.filter((m) => m.name.startsWith(prefix.toLowerCase())) });
    }
    return jsonResponse({ error: { code: 'NOT_FOUND' } }, 404);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function Box({
  onSubmit = () => {},
  onCancel,
}: {
  onSubmit?: (text: string) => void;
  onCancel?: () => void;
}) {
  const [value, setValue] = useState('');
  return (
    <CommentForm
      label="Reageer"
      value={value}
      onChange={setValue}
      onSubmit={onSubmit}
      {...(onCancel ? { onCancel } : {})}
    />
  );
}

describe('the @ suggestions in a comment box', () => {
  it('lists members as the name is typed; arrows move, Enter puts the name in, labelled for screen readers', async () => {
    const user = userEvent.setup();
    const submitted = vi.fn();
    renderWithProviders(<Box onSubmit={submitted} />);
    const box = screen.getByRole('textbox', { name: 'Reageer' });
    await user.type(box, 'Hoi @san');
    const list = await screen.findByRole('listbox', { name: 'Leden om te noemen' });
    expect(asked.at(-1)).toBe('san');
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['@sanne', '@sanne_de_boer', '@sander']);
    expect(box.getAttribute('aria-controls')).toBe(list.id);
    expect(box.getAttribute('aria-autocomplete')).toBe('list');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('status').textContent).toContain('3 leden gevonden');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[2]!.id);
    await user.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option')[0]!.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowUp}');
    expect(screen.getAllByRole('option')[2]!.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Enter}');

    expect((box as HTMLTextAreaElement).value).toBe('Hoi @sander ');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box.hasAttribute('aria-activedescendant')).toBe(false);
    expect(screen.getByRole('status').textContent).toContain('sander genoemd.');
    // Enter chose a member; it did not send the comment.
    expect(submitted).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement).toBe(box));
    await user.type(box, 'kom je?');
    expect((box as HTMLTextAreaElement).value).toBe('Hoi @sander kom je?');
  });

  it('Escape closes only the list (the reply box stays open) until a new @ is typed', async () => {
    const user = userEvent.setup();
    const cancelled = vi.fn();
    renderWithProviders(<Box onCancel={cancelled} />);
    const box = screen.getByRole('textbox', { name: 'Reageer' });
    await user.type(box, '@sa');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(cancelled).not.toHaveBeenCalled();
    await user.type(box, 'n');
    expect(screen.queryByRole('listbox')).toBeNull();
    // Enter now is a new line, as without the list.
    await user.type(box, ' en @sann');
    await screen.findByRole('listbox');
    await user.keyboard('{Tab}');
    expect((box as HTMLTextAreaElement).value).toBe('@san en @sanne ');
    // Without a list, Escape cancels the reply as before.
    await user.keyboard('{Escape}');
    expect(cancelled).toHaveBeenCalledTimes(1);
  });

  it('an Enter that ends an IME composition (Japanese, Chinese input) does not pick a member', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Box />);
    const box = screen.getByRole('textbox', { name: 'Reageer' });
    await user.type(box, '@san');
    await screen.findByRole('listbox');
    fireEvent.keyDown(box, { key: 'Enter', isComposing: true });
    expect((box as HTMLTextAreaElement).value).toBe('@san');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect((box as HTMLTextAreaElement).value).toBe('@sanne ');
  });

  it('a click on a member puts the name in; an @ in an address opens nothing', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Box />);
    const box = screen.getByRole('textbox', { name: 'Reageer' });
    await user.type(box, 'mail naar info@san');
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.clear(box);
    await user.type(box, '@sanne_');
    const option = await screen.findByRole('option', { name: '@sanne_de_boer' });
    fireEvent.mouseDown(option);
    fireEvent.click(option);
    expect((box as HTMLTextAreaElement).value).toBe('@sanne_de_boer ');
  });
});

describe('mention text helpers', () => {
  it('finds the @name before the caret, and inserts a chosen name', () => {
    expect(activeMention('Hoi @san', 8)).toEqual({ start: 4, query: 'san' });
    expect(activeMention('Hoi @', 5)).toEqual({ start: 4, query: '' });
    expect(activeMention('a@san', 5)).toBeNull();
    expect(activeMention('Hoi @san ', 9)).toBeNull();
    expect(insertMention('Hoi @sa, hoe?', 4, 7, 'sanne')).toEqual({ text: 'Hoi @sanne , hoe?', caret: 11 });
    expect(insertMention('Hoi @sa hoe?', 4, 7, 'sanne')).toEqual({ text: 'Hoi @sanne hoe?', caret: 11 });
  });
});

describe('mentions in member text', () => {
  it('links the members the API lists to their profile, and nothing else', () => {
    renderWithProviders(
      <PlainText
        text={'Vraag aan @Sanne en @onbekend, zie https://kring.nl/@sanne of mail sanne@kring.nl'}
        mentions={[{ id: 7, name: 'sanne' }]}
      />,
    );
    const links = screen.getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['@Sanne', '/community/profiel/7'],
      ['https://kring.nl/@sanne', 'https://kring.nl/@sanne'],
    ]);
    expect(screen.getByText(/en @onbekend, zie/)).toBeTruthy();
  });

  it('links a name typed with a combining accent (NFD) as the server reads it, and none in an address', () => {
    renderWithProviders(
      <PlainText
        text={'Hoi @Zoe\u0308 en @Zoe, zie kring.nl/?u=@Zoe'}
        mentions={[
          { id: 8, name: 'Zoë' },
          { id: 9, name: 'Zoe' },
        ]}
      />,
    );
    const links = screen.getAllByRole('link');
    expect(
      links.map((l) => [l.textContent, l.getAttribute('href')]).filter(([, h]) => h?.includes('profiel')),
    ).toEqual([
      ['@Zoë', '/community/profiel/8'],
      ['@Zoe', '/community/profiel/9'],
    ]);
  });
});
