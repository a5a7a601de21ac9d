import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  cloudSqlTier,
  connectionsAllowed,
  connectionsAtMost,
  functionBudget,
  reservedConnections,
} from './connection-budget.ts';

describe('the connection budget', () => {
  it("keeps every function's pools within the Cloud SQL tier's connections, minus the reserve", () => {
    expect(connectionsAtMost()).toBeLessThanOrEqual(cloudSqlTier.maxConnections - reservedConnections);
    expect(connectionsAllowed()).toBe(cloudSqlTier.maxConnections - reservedConnections);
  });

  it('caps every function at one or more instances', () => {
    for (const [name, f] of Object.entries(functionBudget)) {
      expect.soft(f.maxInstances, name).toBeGreaterThanOrEqual(1);
      expect.soft(Number.isInteger(f.pool) && f.pool >= 0, name).toBe(true);
    }
  });

  it('leaves room for the CMS, whose Strapi pools share the instance (cms/README.md, cms/config/database.js)', () => {
    const cmsFile = (name: string) => readFileSync(new URL(`../../../cms/${name}`, import.meta.url), 'utf8');
    // The instance cap of the CMS's Cloud Run service as its README deploys it, and Strapi's pool per instance.
    const instances = Number(
      cmsFile('README.md').match(/gcloud run deploy kring-cms[^`]*?--max-instances (\d+)/)?.[1],
    );
    const pool = Number(cmsFile('config/database.js').match(/env\.int\('DATABASE_POOL_MAX', (\d+)\)/)?.[1]);
    expect(instances * pool).toBeGreaterThan(0);
    const functions = Object.values(functionBudget).reduce((sum, f) => sum + f.maxInstances * f.pool, 0);
    expect(connectionsAtMost()).toBe(functions + instances * pool);
    expect(connectionsAtMost()).toBeLessThanOrEqual(connectionsAllowed());
  });
});
