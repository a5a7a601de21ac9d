import { render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// A tab opened before a deploy asks for a lazy chunk of the old build: the file is gone (404) and the
// import fails. The tab reloads once and gets the new build; it never reloads in a loop.

const reload = vi.fn();

/** The page as the server sent it: its entry script names its build. */
function pageOfBuild(entry: string) {
  for (const old of document.head.querySelectorAll('script[type="module"]')) old.remove();
  // As parsed HTML: such a script is not run (the test's DOM would try to fetch it).
  document.head.insertAdjacentHTML('beforeend', `<script type="module" src="${entry}"></script>`);
}

/** stale-build.ts as a fresh page load has it (its module state starts anew). */
async function freshPage(entry: string) {
  pageOfBuild(entry);
  vi.resetModules();
  const module = await import('./stale-build.ts');
  return module;
}

function preloadError() {
  const event = new Event('vite:preloadError', { cancelable: true });
  Object.assign(event, { payload: new TypeError('Failed to fetch dynamically imported module') });
  window.dispatchEvent(event);
  return event;
}

/** A page of build OLD1 whose lazy code fails to import with `error`, inside the page's error boundary. */
async function renderFailedImport(error: Error) {
  pageOfBuild('/assets/index-OLD1.js');
  vi.resetModules();
  const { PageErrorBoundary } = await import('./layout/error-boundary.tsx');
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const Gone = lazy(() => Promise.reject(error));
  return render(
    <MemoryRouter>
      <PageErrorBoundary>
        <Suspense fallback={<p>laden</p>}>
          <Gone />
        </Suspense>
      </PageErrorBoundary>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  sessionStorage.clear();
  vi.stubGlobal('location', { ...window.location, reload });
});
afterEach(() => {
  reload.mockReset();
  vi.unstubAllGlobals();
});

describe('a lazy chunk of an older build that is gone', () => {
  it("Vite's vite:preloadError reloads the page once; the same build failing again after that reload does not", async () => {
    const first = await freshPage('/assets/index-OLD1.js');
    const stop = first.watchStaleBuild();
    preloadError();
    expect(reload).toHaveBeenCalledTimes(1);
    stop();
    // The reload brought the same build (the chunk is really missing): no second reload, the error shows.
    const again = await freshPage('/assets/index-OLD1.js');
    const stopAgain = again.watchStaleBuild();
    preloadError();
    expect(reload).toHaveBeenCalledTimes(1);
    stopAgain();
  });

  it('a later deploy in the same tab may reload once more (another build)', async () => {
    const old = await freshPage('/assets/index-OLD1.js');
    expect(old.reloadForNewBuild()).toBe(true);
    const next = await freshPage('/assets/index-NEW2.js');
    expect(next.reloadForNewBuild()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('without sessionStorage (no guard against a loop) it does not reload', async () => {
    const page = await freshPage('/assets/index-OLD1.js');
    const denied = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    vi.stubGlobal('sessionStorage', { getItem: denied, setItem: denied });
    expect(page.reloadForNewBuild()).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('tells a failed dynamic import from other errors', async () => {
    const { isStaleChunkError } = await freshPage('/assets/index-OLD1.js');
    for (const message of [
      'Failed to fetch dynamically imported module: https://kring.nl/assets/abc1234.js',
      'error loading dynamically imported module: https://kring.nl/assets/abc1234.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/abc1234.css',
    ]) {
      expect(isStaleChunkError(new TypeError(message)), message).toBe(true);
    }
    expect(isStaleChunkError(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(
      false,
    );
    expect(isStaleChunkError('a string')).toBe(false);
  });

  it("a page whose code cannot be imported reloads once from the page's error boundary, not the error screen", async () => {
    const { container } = await renderFailedImport(
      new TypeError('Failed to fetch dynamically imported module: /assets/abc1234.js'),
    );
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(container.textContent).toBe('');
  });

  it('shows the error screen when the reload already happened for this build', async () => {
    sessionStorage.setItem('kring.reloadedForBuild', '/assets/index-OLD1.js');
    await renderFailedImport(new TypeError('Importing a module script failed.'));
    expect(await screen.findByRole('button', { name: 'Pagina opnieuw laden' })).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('a member page loaded ahead (lib/lazy-loaded.tsx) whose chunk is gone', () => {
  /** As Vite's preload helper: the import fails, vite:preloadError is sent; when prevented, undefined. */
  const viteImport = () => {
    const event = preloadError();
    if (!event.defaultPrevented)
      return Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    return Promise.resolve(undefined as unknown as { default: () => null });
  };

  async function renderPage() {
    pageOfBuild('/assets/index-OLD1.js');
    vi.resetModules();
    const { watchStaleBuild } = await import('./stale-build.ts');
    const { PageErrorBoundary } = await import('./layout/error-boundary.tsx');
    const { lazyLoaded, loadNow } = await import('../lib/lazy-loaded.tsx');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const stop = watchStaleBuild();
    // app/main.tsx asks for it ahead and drops the failure.
    await loadNow(viteImport).catch(() => undefined);
    const Page = lazyLoaded(viteImport);
    const view = render(
      <MemoryRouter>
        <PageErrorBoundary>
          <Suspense fallback={<p>laden</p>}>
            <Page />
          </Suspense>
        </PageErrorBoundary>
      </MemoryRouter>,
    );
    return { ...view, stop };
  }

  it('reloads once, without the error screen meanwhile', async () => {
    const { stop } = await renderPage();
    expect(reload).toHaveBeenCalledTimes(1);
    await screen.findByText('laden').catch(() => undefined);
    await vi.waitFor(() => expect(screen.queryByText('laden')).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
    stop();
  });

  it('the same build failing again after that reload shows the error screen', async () => {
    sessionStorage.setItem('kring.reloadedForBuild', '/assets/index-OLD1.js');
    const { stop } = await renderPage();
    expect(await screen.findByRole('button', { name: 'Pagina opnieuw laden' })).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
    stop();
  });
});
