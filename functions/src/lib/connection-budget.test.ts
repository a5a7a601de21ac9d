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
    const total = Object.values(functionBudget).reduce((sum, f) => sum + f.maxInstances * f.pool, 0);
    expect(total).toBe(connectionsAtMost());
    expect(total).toBeLessThanOrEqual(cloudSqlTier.maxConnections - reservedConnections);
    expect(connectionsAllowed()).toBe(cloudSqlTier.maxConnections - reservedConnections);
  });

  it('caps every function at one or more instances', () => {
    for (const [name, f] of Object.entries(functionBudget)) {
      expect.soft(f.maxInstances, name).toBeGreaterThanOrEqual(1);
      expect.soft(Number.isInteger(f.pool) && f.pool >= 0, name).toBe(true);
    }
  });
});
