/// <reference types="vite/client" />

/** The Firebase settings are not read from import.meta.env: web/scripts/web-config.ts decides them at build time. */
interface ImportMetaEnv {
  readonly VITE_MEASUREMENT_ID?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
