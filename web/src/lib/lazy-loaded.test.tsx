import { act, render, screen } from '@testing-library/react';
import { Component, type ReactNode, Suspense, useLayoutEffect, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
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

  it('a page mounted before its module was in keeps its state when it renders again after (no remount)', async () => {
    function Counter({ label }: { label: string }) {
      const [count, setCount] = useState(0);
      return (
        <button type="button" onClick={() => setCount((n) => n + 1)}>
          {`${label} ${count}`}
        </button>
      );
    }
    const load = async () => ({ default: Counter });
    const Page = lazyLoaded(load);
    const view = render(
      <Suspense fallback={<p>laden</p>}>
        <Page label="telt" />
      </Suspense>,
    );
    const button = await screen.findByText('telt 0');
    await act(async () => button.click());
    expect(screen.getByText('telt 1')).toBeTruthy();
    // Its module is in now: the next render must not swap the component (hooks and state stay).
    view.rerender(
      <Suspense fallback={<p>laden</p>}>
        <Page label="nog" />
      </Suspense>,
    );
    expect(screen.getByText('nog 1')).toBeTruthy();
  });

  it('a module that failed to load ahead is imported again on render; failing again, it reaches the error boundary', async () => {
    let attempt = 0;
    const load = async () => {
      attempt += 1;
      if (attempt === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return { default: () => <p>alsnog</p> };
    };
    await loadNow(load).catch(() => undefined);
    class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
      override state = { failed: false };
      static getDerivedStateFromError() {
        return { failed: true };
      }
      override render() {
        return this.state.failed ? <p role="alert">fout</p> : this.props.children;
      }
    }
    const Page = lazyLoaded(load);
    const inBoundary = (page: ReactNode) =>
      render(
        <Boundary>
          <Suspense fallback={<p>laden</p>}>{page}</Suspense>
        </Boundary>,
      );
    inBoundary(<Page />);
    // Failed ahead, so not "loaded": the page imports it again (the browser may then succeed).
    expect(await screen.findByText('alsnog')).toBeTruthy();
    expect(attempt).toBe(2);

    const gone = async () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    };
    await loadNow(gone).catch(() => undefined);
    const Gone = lazyLoaded(gone);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    inBoundary(<Gone />);
    expect(await screen.findByRole('alert')).toBeTruthy();
  });
});
