import type { communityEndpoints } from '@kring/contract';
import type { Routes } from '../lib/handler.ts';
import { searchHandler } from './search.ts';

/** The search call (in the contract's community service) and its handler. */
export const searchRoutes = {
  search: searchHandler,
} satisfies Partial<Routes<typeof communityEndpoints>>;
