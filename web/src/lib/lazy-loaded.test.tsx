import { act, render, screen } from '@testing-library/react';
import { Suspense, useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyLoaded, loadNow } from './lazy-loaded.tsx';

/** Every screen committed, also one replaced before the test could look. */
const committed: string[] = [];
function Shown({ text }: { text: string }) {
  useLayoutEffect(() => {
    committed.push(text);
  });
  return <p>{text}</p>;
}
const page = (text: string) => async () => ({ default: () => <Shown text={text} /> });

describe('lazyLoaded', () => {
  it('a module loaded ahead shows in the first commit, never the fallback', async () => {
    const load = page('the page');
    const Page = lazyLoaded(load);
    await loadNow(load);
    committed.length = 0;
    await act(async () => {
      render(
        <Suspense fallback={<Shown text="loading" />}>
          <Page />
        </Suspense>,
      );
    });
    expect(screen.getByText('the page')).toBeTruthy();
    expect(committed).toEqual(['the page']);
  });

  it('a module not loaded yet: the fallback, then the page (as React.lazy)', async () => {
    const Page = lazyLoaded(page('later'));
    committed.length = 0;
    render(
      <Suspense fallback={<Shown text="loading" />}>
        <Page />
      </Suspense>,
    );
    expect(await screen.findByText('later')).toBeTruthy();
    expect(committed).toEqual(['loading', 'later']);
  });
});
