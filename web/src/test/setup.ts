import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { clearDrafts } from '../lib/draft-store.ts';

afterEach(() => {
  cleanup();
  // Drafts the page could not store live in memory: each test starts without any.
  clearDrafts();
  if (typeof localStorage !== 'undefined') localStorage.clear();
});
