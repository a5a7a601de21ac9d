import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assertProductionReady, config, missingProductionSettings } from './config.ts';
import { functionNames } from './connection-budget.ts';
import { functionSecrets } from './secrets.ts';
import { platformVariables, requiredPlainNames, settingNames, settings } from './settings.ts';

const saved = { ...process.env };
/** Production as Cloud Run has it: none of the emulator's or the test runner's variables. */
function production(env: Record<string, string> = {}) {
  for (const name of platformVariables) delete process.env[name];
  for (const name of settingNames) delete process.env[name];
  Object.assign(process.env, { GCLOUD_PROJECT: 'kring-prod', NODE_ENV: 'production' }, env);
}
const complete = {
  PUBLIC_BASE_URL: 'https://kring.nl',
  CMS_URL: 'https://cms.kring.nl',
  SMTP_HOST: 'smtp.example.nl',
  SMTP_PORT: '465',
  MAIL_FROM: 'Kring <noreply@kring.nl>',
  STORAGE_BUCKET: 'kring-prod.firebasestorage.app',
  RTDB_URL: 'https://kring-prod-default-rtdb.europe-west1.firebasedatabase.app',
  CLOUD_SQL_INSTANCE: 'kring-prod:europe-west1:kring',
  CLOUD_SQL_USER: 'kring',
  CLOUD_SQL_DATABASE: 'kring',
  INVOICE_ORG_NAME: 'Stichting Kring',
  INVOICE_ORG_ADDRESS: 'Lange Voorhout 1 | 2514 EA Den Haag',
  INVOICE_ORG_KVK: '12345678',
  INVOICE_ORG_VAT_NUMBER: 'NL001234567B01',
};

describe('settings in production', () => {
  beforeEach(() => production());
  afterEach(() => {
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
    Object.assign(process.env, saved);
  });

  it('never fall back to a loopback or guessed value: reading a missing one throws, naming it', () => {
    expect(() => config.publicBaseUrl()).toThrow(/PUBLIC_BASE_URL is not set/);
    expect(() => config.webhookBaseUrl()).toThrow(/PUBLIC_BASE_URL is not set/);
    expect(() => config.cms()).toThrow(/CMS_URL is not set/);
    expect(() => config.smtp()).toThrow(/SMTP_HOST is not set/);
    expect(() => config.storageBucket()).toThrow(/STORAGE_BUCKET is not set/);
    expect(() => config.databaseURL()).toThrow(/RTDB_URL is not set/);
    expect(() => config.mollie()).toThrow(/MOLLIE_API_KEY is not set/);
    expect(() => config.mailTokenSecret()).toThrow(/MAIL_TOKEN_SECRET is not set/);
    expect(() => config.cloudSql()).toThrow(/CLOUD_SQL_INSTANCE is not set/);
  });

  it('keep the product defaults of optional settings', () => {
    expect(config.price()).toEqual({
      value: '9.95',
      currency: 'EUR',
      interval: '1 month',
      description: 'Lidmaatschap Kring',
    });
    expect(config.graceDays()).toBe(7);
  });

  it('a function refuses to start without them, listing each', () => {
    process.env.FUNCTION_TARGET = 'site';
    expect(() => assertProductionReady()).toThrow(/site cannot start: .*PUBLIC_BASE_URL.*CMS_API_TOKEN/);
    Object.assign(process.env, complete, { CMS_API_TOKEN: 'token' });
    expect(() => assertProductionReady()).not.toThrow();
    expect(missingProductionSettings('web')).toEqual([
      'MOLLIE_API_KEY',
      'CLOUD_SQL_PASSWORD',
      'MAIL_TOKEN_SECRET',
      'CMS_WEBHOOK_SECRET',
    ]);
  });

  it('a function that reads a secret it does not bind is stopped, even when the value is there', () => {
    Object.assign(process.env, complete, {
      CMS_API_TOKEN: 'token',
      MOLLIE_API_KEY: 'live_x',
      FUNCTION_TARGET: 'site',
    });
    expect(config.cms().token).toBe('token');
    expect(() => config.mollie()).toThrow(/site reads the secret MOLLIE_API_KEY but does not bind it/);
    process.env.FUNCTION_TARGET = 'expireMembershipsJob';
    expect(config.mollie().apiKey).toBe('live_x');
    expect(() => config.cms()).toThrow(
      /expireMembershipsJob reads the secret CMS_API_TOKEN but does not bind it/,
    );
  });

  it('each function takes its pool size from the connection budget', () => {
    Object.assign(process.env, complete, { FUNCTION_TARGET: 'web', DB_POOL_MAX: '50' });
    expect(config.dbPoolMax()).toBe(3);
  });
});

describe('settings in the local stack and tests', () => {
  it('fall back to the local demo values', () => {
    const bare = { ...process.env };
    try {
      for (const name of settingNames) delete process.env[name];
      expect(config.publicBaseUrl()).toBe('http://127.0.0.1:5000');
      expect(config.cms().url).toBe('http://127.0.0.1:1337');
      expect(config.smtp().port).toBe(1025);
    } finally {
      Object.assign(process.env, bare);
    }
  });
});

describe('the declaration', () => {
  it('names every function and every secret it binds', () => {
    expect(Object.keys(functionSecrets).sort()).toEqual([...functionNames].sort());
    for (const name of requiredPlainNames) expect(settings[name].production).toBe('required');
  });

  it('is what the committed .env files use: every key declared, every required one set', () => {
    const keys = (file: string) =>
      readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8')
        .split('\n')
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => line.slice(0, line.indexOf('=')));
    for (const file of ['.env.demo-kring', '.env.kring-rehearsal']) {
      expect(
        keys(file).filter((k) => !settingNames.includes(k as never)),
        file,
      ).toEqual([]);
      expect(
        requiredPlainNames.filter((k) => !keys(file).includes(k)),
        file,
      ).toEqual([]);
    }
    const example = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
    expect(settingNames.filter((name) => !example.includes(name))).toEqual([]);
  });
});
