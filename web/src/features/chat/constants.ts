/**
 * Spec 9's chat timings and list sizes that lib/constants.ts does not hold (the page size and the
 * message limit come from the contract's limits, the panel width and link delay from lib/constants).
 */
/** The message list scrolls to the bottom again this long after a message was sent. */
export const SCROLL_AFTER_SEND_MS = 500;
/** Rows rendered beyond the visible ones at each end of the virtualised message list. */
export const LIST_OVERSCAN = 2;
/** The list counts as scrolling until it has been still this long. */
export const SCROLL_IDLE_RESET_MS = 150;
