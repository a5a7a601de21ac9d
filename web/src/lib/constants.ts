/** Timings and sizes of spec section 9, in one place. */
export const LINK_CLOSE_DELAY_MS = 20;
export const MENU_IN_MS = 300;
export const MENU_OUT_MS = 350;
export const PAYMENT_POLL_MS = 5000;
export const USERNAME_DEBOUNCE_MS = 500;
export const NOTIFICATION_ROW_HEIGHT = 80;
export const POPOVER_HEIGHT = 400;
export const POPOVER_MAX_WIDTH = 400;
export const CHAT_MAX_WIDTH = 550;
export const MESSAGE_PREVIEW_LENGTH = 150;
