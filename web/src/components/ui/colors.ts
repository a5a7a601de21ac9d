/**
 * The colours, read as `colors.x` (theme.ts). Text colours meet WCAG AA (4.5:1) on their backgrounds.
 * One constant each, so the build writes the value where it is used (vite.config.ts: inlineConst)
 * and a page carries only the colours it uses.
 */
export const text = '#1a1a1a';
export const muted = '#555555';
export const background = '#ffffff';
export const surface = '#f5f3ef';
export const border = '#d6d2ca';
export const primary = '#1f3a5f';
export const primaryHover = '#152a46';
export const onPrimary = '#ffffff';
export const accent = '#b2431f';
export const error = '#b00020';
export const success = '#1b6e3a';
export const focus = '#1a73e8';
export const overlay = 'rgba(0, 0, 0, 0.5)';
/** An input's border: 4.5:1 on white (WCAG non-text contrast asks 3:1). */
export const inputBorder = '#767676';
/** Behind an image or avatar that has not loaded, or a member without a photo. */
export const placeholder = '#e7e3dc';
/** A row under the pointer (the notification list). */
export const hover = '#ece8e1';
/** A comment the address points to (a notification's link). */
export const highlight = '#fdf1ea';
/** A search match in a result. */
export const searchMatch = '#fff1a8';
// Spec 2: role badge colours (dark text on them for contrast).
export const admin = '#d373cb';
export const moderator = '#3ad38a';
// Names in a role's colour: darker shades of the badge hues that pass 4.5:1 on white (6.5:1, 5.3:1).
export const adminName = '#9b2f93';
export const moderatorName = '#1b7a4b';
