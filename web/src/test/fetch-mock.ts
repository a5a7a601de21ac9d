/** Test helper: a fetch stand-in for a test file's calls. */
import { afterEach, beforeEach, vi } from 'vitest';

/** Stubs the global fetch with the returned mock before each test; unstubs and resets it after. */
export function stubFetchPerTest() {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });
  return fetchMock;
}
