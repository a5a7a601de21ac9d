import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// The CMS's own rule (cms/src/lib/production-env.js, used by its bootstrap in cms/src/index.js): the
// starter content is examples, so a production CMS seeds it only when asked to (a rehearsal, staging).
const require = createRequire(import.meta.url);
const { seedAllowed } = require('../../../cms/src/lib/production-env.js') as {
  seedAllowed: (env: Record<string, string | undefined>) => boolean;
};

describe('the CMS seeds its starter content', () => {
  it('always on the local stack', () => {
    expect(seedAllowed({})).toBe(true);
    expect(seedAllowed({ NODE_ENV: 'development' })).toBe(true);
  });

  it('in production only with CMS_SEED_CONTENT=true', () => {
    expect(seedAllowed({ NODE_ENV: 'production' })).toBe(false);
    expect(seedAllowed({ NODE_ENV: 'production', CMS_SEED_CONTENT: '' })).toBe(false);
    expect(seedAllowed({ NODE_ENV: 'production', CMS_SEED_CONTENT: 'yes' })).toBe(false);
    expect(seedAllowed({ NODE_ENV: 'production', CMS_SEED_CONTENT: 'true' })).toBe(true);
  });
});
