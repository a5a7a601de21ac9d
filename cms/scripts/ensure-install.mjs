// Install cms/ dependencies if node_modules is missing or older than package.json/package-lock.json.
import { ensureInstall } from './install.mjs';

try {
  const node = ensureInstall();
  console.log(`[cms] dependencies ok (Strapi runs on ${node})`);
} catch (err) {
  console.error(`[cms] ${err.message}`);
  process.exit(1);
}
