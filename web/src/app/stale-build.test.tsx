import { render, screen } from '@testing-library/react';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
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

/**
 * A page of build OLD1 whose lazy code fails to import with `error`, inside the page's error boundary
 * (modules fresh, as on a page load). `vite`: the import goes through Vite's preload helper, with the
 * page's `vite:preloadError` listener on; `beside`: made after the fresh modules, shown next to the page.
 */
async function renderFailedImport(
  error: Error,
  { vite = false, beside }: { vite?: boolean; beside?: () => Promise<ReactNode> } = {},
) {
  pageOfBuild('/assets/index-OLD1.js');
  vi.resetModules();
  const { PageErrorBoundary } = await import('./layout/error-boundary.tsx');
  const { watchStaleBuild } = await import('./stale-build.ts');
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  const stop = vite ? watchStaleBuild() : () => {};
  const Gone = lazy(vite ? viaVitePreload(error) : () => Promise.reject(error));
  const view = render(
    <MemoryRouter>
      {beside ? await beside() : null}
      <PageErrorBoundary>
        <Suspense fallback={<p>laden</p>}>
          <Gone />
        </Suspense>
      </PageErrorBoundary>
    </MemoryRouter>,
  );
  return { ...view, logged, stop };
}

/** Vite's preload helper (vite/dist/node/chunks/node.js `preload`): a chunk that fails to import
 * dispatches `vite:preloadError` and throws its error unless the event was cancelled. */
function viaVitePreload(error: Error) {
  const handlePreloadError = (err: unknown) => {
    const event = new Event('vite:preloadError', { cancelable: true });
    Object.assign(event, { payload: err });
    window.dispatchEvent(event);
    if (!event.defaultPrevented) throw err;
  };
  // Cancelled, the helper resolves with `undefined` where the module should be (what React then gets).
  return () =>
    Promise.resolve().then(() => Promise.reject(error).catch(handlePreloadError)) as Promise<{
      default: ComponentType;
    }>;
}

beforeEach(() => {
  sessionStorage.clear();
  vi.stubGlobal('location', { ...window.location, reload });
});
afterEach(() => {
  vi.restoreAllMocks();
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

  it('a chunk that loads but fails as it runs (a bug, not a gone build) does not reload', async () => {
    const page = await freshPage('/assets/index-OLD1.js');
    const stop = page.watchStaleBuild();
    const event = new Event('vite:preloadError', { cancelable: true });
    Object.assign(event, { payload: new ReferenceError('member is not defined') });
    window.dispatchEvent(event);
    stop();
    expect(reload).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('kring.reloadedForBuild')).toBeNull();
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

describe('a lazy page of a gone build, as the production build loads it (through Vite’s preload helper)', () => {
  it('reloads once and shows neither the error screen nor a logged page error meanwhile', async () => {
    const { container, logged, stop } = await renderFailedImport(
      new TypeError('Failed to fetch dynamically imported module: /assets/abc1234.js'),
      { vite: true },
    );
    await vi.waitFor(() => expect(container.textContent).not.toBe('laden'));
    stop();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(logged.mock.calls.filter(([first]) => first === 'page error')).toEqual([]);
  });
});

describe('a lazy chunk that fails while the device is offline (not a gone build)', () => {
  it('does not reload (that would show the browser’s offline page): the error screen offers the reload', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const page = await freshPage('/assets/index-OLD1.js');
    const stop = page.watchStaleBuild();
    preloadError();
    stop();
    expect(reload).not.toHaveBeenCalled();
    await renderFailedImport(
      new TypeError('Failed to fetch dynamically imported module: /assets/abc1234.js'),
    );
    expect(await screen.findByRole('button', { name: 'Pagina opnieuw laden' })).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
    // Back online, the same build may still reload once (the offline failure did not use it up).
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    expect(page.reloadForNewBuild()).toBe(true);
  });
});

describe('a lazy chunk that fails while a form holds unsent text (a chat reply, a comment)', () => {
  it('does not reload (the browser would ask, and a "no" left an empty page): the error screen shows, the text stays', async () => {
    const chatReply = async () => {
      const { useLeaveGuard } = await import('../lib/drafts.ts');
      function ChatReply() {
        useLeaveGuard(true);
        return <textarea aria-label="Bericht" defaultValue="Tot morgen!" />;
      }
      return <ChatReply />;
    };
    await renderFailedImport(
      new TypeError('Failed to fetch dynamically imported module: /assets/abc1234.js'),
      { beside: chatReply },
    );
    expect(await screen.findByRole('button', { name: 'Pagina opnieuw laden' })).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
    expect((screen.getByRole('textbox', { name: 'Bericht' }) as HTMLTextAreaElement).value).toBe(
      'Tot morgen!',
    );
  });
});
