/**
 * Font sizes, read as `fontSize.x` (theme.ts). Body text is `base` (16px, globalStyles); the small
 * ones are for meta lines, labels and badges, the large ones for headings (`title` a page's h1 on a
 * phone, `hero` the home page's). One constant each, as in colors.ts.
 */
export const xxs = '11px';
export const xs = '12px';
export const sm = '13px';
export const md = '14px';
export const control = '15px';
export const base = '16px';
export const reading = '17px';
export const lg = '18px';
export const xl = '20px';
export const xxl = '22px';
export const title = '24px';
export const titleLarge = '28px';
export const display = '30px';
export const hero = '36px';
export const heroLarge = '48px';
