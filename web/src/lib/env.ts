/**
 * Reading Vite env values (with config.ts, the only place that does). Apart from config.ts so the
 * one value every page needs (is analytics configured?) does not bring the Firebase settings into
 * the first load.
 */
export const readEnv = (value: string | undefined): string | undefined =>
  value === undefined || value.trim() === '' ? undefined : value.trim();

/** The Google Analytics measurement id; without it the site asks no consent and loads no analytics. */
export const measurementId = readEnv(import.meta.env.VITE_MEASUREMENT_ID);
