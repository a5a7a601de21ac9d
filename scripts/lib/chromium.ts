/** Debian's Chromium (Playwright cannot download its own browser here); CHROMIUM_PATH overrides it. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * How Kring's browser runs (the journeys, Lighthouse, the chat latency benchmark) start Chromium: in
 * a container (no sandbox, no GPU), and offline and quiet (no QUIC, no first-run screens, no
 * background fetches, component updates or sync), so a run sees and measures only Kring.
 */
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
