import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type AdminPage, PagedListView, usePagedList } from './paged-list.tsx';

/** Pages of names keyed by cursor; a cursor in `failOnce` fails the first time it is asked. */
function pages(book: Record<string, AdminPage<string>>, failOnce = new Set<string>()) {
  return async (cursor: string | null) => {
    const key = cursor ?? 'first';
    if (failOnce.delete(key)) throw new Error('offline');
    return book[key]!;
  };
}

function Harness({ fetchPage }: { fetchPage: (cursor: string | null) => Promise<AdminPage<string>> }) {
  const list = usePagedList(true, fetchPage);
  return (
    <PagedListView list={list}>
      {(items) => (
        <ul>
          {items.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
    </PagedListView>
  );
}

const names = () => screen.getAllByRole('listitem').map((li) => li.textContent);

describe('usePagedList + PagedListView', () => {
  it('shows the first page, appends the next on "Meer laden" and drops the button at the end', async () => {
    const fetchPage = pages({
      first: { items: ['Anna', 'Bram'], nextCursor: 'c2' },
      c2: { items: ['Cas'], nextCursor: null },
    });
    render(<Harness fetchPage={fetchPage} />);
    expect(await screen.findByText('Bram')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Meer laden' }));
    expect(await screen.findByText('Cas')).toBeTruthy();
    expect(names()).toEqual(['Anna', 'Bram', 'Cas']);
    expect(screen.queryByRole('button', { name: 'Meer laden' })).toBeNull();
  });

  it('says a failed page failed, keeps the rows, and clears the message when a retry works', async () => {
    const fetchPage = pages(
      { first: { items: ['Anna'], nextCursor: 'c2' }, c2: { items: ['Bram'], nextCursor: null } },
      new Set(['c2']),
    );
    render(<Harness fetchPage={fetchPage} />);
    expect(await screen.findByText('Anna')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Meer laden' }));
    expect(await screen.findByText('Laden is niet gelukt. Probeer het opnieuw.')).toBeTruthy();
    expect(names()).toEqual(['Anna']);
    await userEvent.click(screen.getByRole('button', { name: 'Meer laden' }));
    expect(await screen.findByText('Bram')).toBeTruthy();
    expect(screen.queryByText('Laden is niet gelukt. Probeer het opnieuw.')).toBeNull();
  });

  it('offers "Opnieuw proberen" after a failed first page; Enter loads it and focus moves to the rows', async () => {
    const fetchPage = pages({ first: { items: ['Anna', 'Bram'], nextCursor: null } }, new Set(['first']));
    render(<Harness fetchPage={fetchPage} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Laden is niet gelukt. Probeer het opnieuw.');
    await userEvent.tab();
    const retry = screen.getByRole('button', { name: 'Opnieuw proberen' });
    expect(document.activeElement).toBe(retry);
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Bram')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Opnieuw proberen' })).toBeNull();
    // Focus is not dropped on the page's body with the button: it lands on the list that came.
    expect(document.activeElement?.contains(screen.getByText('Anna'))).toBe(true);
  });

  it('keeps the retry button, focused, when the retry fails too', async () => {
    let calls = 0;
    const failing = async (): Promise<AdminPage<string>> => {
      calls += 1;
      throw new Error('offline');
    };
    render(<Harness fetchPage={failing} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Opnieuw proberen' }));
    await vi.waitFor(() => expect(calls).toBe(2));
    const retry = await screen.findByRole('button', { name: 'Opnieuw proberen' });
    expect(document.activeElement).toBe(retry);
    expect(screen.getByRole('alert').textContent).toBe('Laden is niet gelukt. Probeer het opnieuw.');
    expect(screen.queryAllByRole('listitem')).toEqual([]);
  });

  it('drops a late answer for an earlier query: a new search is never mixed with the old one', async () => {
    let answerOld: (page: AdminPage<string>) => void = () => {};
    const slowOld = () => new Promise<AdminPage<string>>((resolve) => (answerOld = resolve));
    const fresh = pages({ first: { items: ['Nieuw'], nextCursor: null } });
    const { rerender } = render(<Harness fetchPage={slowOld} />);
    rerender(<Harness fetchPage={fresh} />);
    expect(await screen.findByText('Nieuw')).toBeTruthy();
    answerOld({ items: ['Oud'], nextCursor: 'c9' });
    await new Promise((r) => setTimeout(r, 20));
    expect(names()).toEqual(['Nieuw']);
    expect(screen.queryByRole('button', { name: 'Meer laden' })).toBeNull();
  });
});
