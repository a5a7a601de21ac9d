import { inject } from 'vitest';

process.env.DATABASE_URL = inject('databaseUrl');
process.env.FIREBASE_AUTH_EMULATOR_HOST = inject('authEmulatorHost');
process.env.FIREBASE_DATABASE_EMULATOR_HOST = inject('rtdbHost');
process.env.STORAGE_EMULATOR_HOST = inject('storageUrl');
process.env.GCLOUD_PROJECT = 'demo-kring';
process.env.LOG_LEVEL ??= 'silent';
// Test files drive single users far harder than people do; http/rate-limit.test.ts turns limits on.
process.env.RATE_LIMITS ??= 'off';
// Tests change topics and read them back at once; http/public-call-cache.test.ts turns the cache on.
process.env.PUBLIC_CALL_CACHE ??= 'off';
// Tests change roles and sessions and call at once; accounts/caller-cache.test.ts and
// accounts/session-cache.test.ts turn the caches on.
process.env.CALLER_CACHE_SECONDS ??= '0';
process.env.SESSION_CACHE_SECONDS ??= '0';
