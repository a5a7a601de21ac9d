/**
 * Marks a server-rendered place that only the app fills in (the article's community part, the
 * community page's prices when the server could not carry them): on a visitor's public page
 * app/boot.ts starts the app when such a place comes near the screen (issue 27). Spread it on the
 * element: `<div {...appPart}>`.
 */
export const APP_PART_ATTRIBUTE = 'data-app-part';
export const appPart = { [APP_PART_ATTRIBUTE]: '' } as const;
