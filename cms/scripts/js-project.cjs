'use strict';

// Preloaded by scripts/strapi.mjs. cms/ is a plain-JavaScript Strapi project inside a TypeScript
// monorepo: `strapi build` / `strapi develop` look for tsconfig.json in every parent directory,
// find the repo root's and try to compile the monorepo. Hide tsconfig.json files outside cms/.
const path = require('node:path');
const ts = require('typescript');

const cmsDir = path.resolve(__dirname, '..');
const fileExists = ts.sys.fileExists;
ts.sys.fileExists = (file) => {
  if (path.basename(file) === 'tsconfig.json' && !path.resolve(file).startsWith(cmsDir + path.sep)) return false;
  return fileExists(file);
};
