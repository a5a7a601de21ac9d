'use strict';

const { buildSeed } = require('../seed/content');
const { seedAllowed } = require('./lib/production-env');

const DEFAULT_LOCAL_TOKEN = 'kring-local-cms-token-0123456789abcdef';
const READ_TOKEN_NAME = 'kring-web-read-only';
const EDITOR_TOKEN_NAME = 'kring-editor-full-access';
const SEED_MARKER = { type: 'core', name: 'kring-seed' };

// Strapi 5.54 renamed the service; keep the old name as a fallback for other 5.x versions.
const tokenService = (strapi) =>
  strapi.service('admin::api-token-content-api') ?? strapi.service('admin::api-token');

/**
 * Create or update a content-API token whose secret is the value of env `envName`. Strapi only stores
 * a salted hash, so the key is re-hashed on every boot: rotating the env value (or the salt) and
 * restarting is the whole rotation procedure.
 */
async function upsertToken(strapi, envName, { name, description, type, accessKey }) {
  if (accessKey.length < 32) throw new Error(`${envName} must be at least 32 characters`);
  const service = tokenService(strapi);
  let token = await service.getByName(name);
  if (!token) {
    token = await service.create({ name, description, type, lifespan: null });
  } else if (token.type !== type) {
    token = await service.update(token.id, { type });
  }
  await strapi.db.query('admin::api-token').update({
    where: { id: token.id },
    data: {
      accessKey: service.hash(accessKey),
      encryptedKey: strapi.service('admin::encryption').encrypt(accessKey),
      expiresAt: null,
      lifespan: null,
    },
  });
}

async function ensureTokens(strapi) {
  const readKey = process.env.CMS_API_TOKEN || DEFAULT_LOCAL_TOKEN;
  if (!process.env.CMS_API_TOKEN && process.env.NODE_ENV === 'production') {
    throw new Error('CMS_API_TOKEN must be set in production');
  }
  await upsertToken(strapi, 'CMS_API_TOKEN', {
    name: READ_TOKEN_NAME,
    description: 'Read-only token for the Kring functions content proxy (from env CMS_API_TOKEN).',
    type: 'read-only',
    accessKey: readKey,
  });

  // Optional: a full-access token for scripted editing through the Content API (see README).
  const editorKey = process.env.CMS_EDITOR_TOKEN;
  const service = tokenService(strapi);
  if (editorKey) {
    await upsertToken(strapi, 'CMS_EDITOR_TOKEN', {
      name: EDITOR_TOKEN_NAME,
      description: 'Full-access token for local editing (from env CMS_EDITOR_TOKEN). Remove the env to revoke.',
      type: 'full-access',
      accessKey: editorKey,
    });
  } else {
    const stale = await service.getByName(EDITOR_TOKEN_NAME);
    if (stale) await service.revoke(stale.id);
  }
}

/**
 * Seed each content type once, and only while it is empty. A marker in the core store records
 * what was seeded so that an editor who deletes every podcast does not get them back on restart.
 */
async function seedIfEmpty(strapi) {
  const store = strapi.store(SEED_MARKER);
  const done = new Set((await store.get({ key: 'seeded' })) ?? []);
  const seed = buildSeed(new Date());
  const seeded = [];

  for (const [uid, { published, drafts }] of Object.entries(seed.collections)) {
    if (done.has(uid)) continue;
    const documents = strapi.documents(uid);
    if ((await strapi.db.query(uid).count()) === 0) {
      for (const data of published) await documents.create({ data, status: 'published' });
      for (const data of drafts) await documents.create({ data });
      seeded.push(`${uid} (${published.length} published, ${drafts.length} draft)`);
    }
    done.add(uid);
  }

  for (const [uid, data] of Object.entries(seed.singles)) {
    if (done.has(uid)) continue;
    if ((await strapi.db.query(uid).count()) === 0) {
      await strapi.documents(uid).create({ data, status: 'published' });
      seeded.push(uid);
    }
    done.add(uid);
  }

  await store.set({ key: 'seeded', value: [...done] });
  if (seeded.length > 0) strapi.log.info(`[kring] seeded: ${seeded.join(', ')}`);
}

const SEARCH_WEBHOOK_NAME = 'kring-search-index';
const SEARCH_WEBHOOK_EVENTS = ['entry.create', 'entry.update', 'entry.delete', 'entry.publish', 'entry.unpublish'];

/**
 * The webhook that keeps the site's search index current (docs/search.md in the site): every change
 * to an entry is posted to KRING_SEARCH_WEBHOOK_URL with the shared secret CMS_WEBHOOK_SECRET. Kept
 * in step with the env on every boot; without the URL the webhook is removed.
 */
async function ensureSearchWebhook(strapi) {
  const store = strapi.get('webhookStore');
  const runner = strapi.get('webhookRunner');
  const existing = (await store.findWebhooks()).find((w) => w.name === SEARCH_WEBHOOK_NAME);
  const url = process.env.KRING_SEARCH_WEBHOOK_URL;
  if (!url) {
    if (existing) {
      await store.deleteWebhook(existing.id);
      runner.remove(existing);
    }
    return;
  }
  const secret = process.env.CMS_WEBHOOK_SECRET;
  if (!secret) throw new Error('CMS_WEBHOOK_SECRET must be set with KRING_SEARCH_WEBHOOK_URL');
  const data = {
    name: SEARCH_WEBHOOK_NAME,
    url,
    headers: { Authorization: `Bearer ${secret}` },
    events: SEARCH_WEBHOOK_EVENTS,
    isEnabled: true,
  };
  const webhook = existing ? await store.updateWebhook(existing.id, data) : await store.createWebhook(data);
  runner.update(webhook);
}

module.exports = {
  register() {},

  async bootstrap({ strapi }) {
    await ensureTokens(strapi);
    await ensureSearchWebhook(strapi);
    if (seedAllowed()) await seedIfEmpty(strapi);
    else strapi.log.info('[kring] production: starter content not seeded (CMS_SEED_CONTENT is not true)');
  },
};
