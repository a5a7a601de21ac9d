/**
 * Dutch formatting of numbers, dates and texts with Intl, at no bundle cost for the public pages.
 * Relative times ('5 minuten geleden') are in relative-time.ts (date-fns with the nl locale).
 */
import { nl } from '../messages/nl.ts';

/** '1 PUNT', '0 PUNTEN', '12 PUNTEN' (spec 9). */
export const karmaLabel = (points: number) =>
  `${points} ${points === 1 ? nl.account.point : nl.account.points}`;

export { formatDate, formatDateTime } from './format-date.ts';

/** The first `max` characters, with '...' when the text is longer (spec 9: previews of 150). */
export const preview = (text: string, max = 150) => (text.length > max ? `${text.slice(0, max)}...` : text);

/** '€ 9,95' */
export function formatPrice(value: string, currency: string): string {
  const amount = Number(value);
  if (!Number.isFinite(amount)) return `${currency} ${value}`;
  return new Intl.NumberFormat('nl-NL', { style: 'currency', currency }).format(amount);
}

/** Integer cents as Dutch money: 995 -> '€ 9,95', -995 -> '€ -9,95'. */
export const formatCents = (cents: number, currency: string): string =>
  new Intl.NumberFormat('nl-NL', { style: 'currency', currency }).format(cents / 100);

const intervalUnits: Record<string, [string, string]> = {
  day: ['dag', 'dagen'],
  week: ['week', 'weken'],
  month: ['maand', 'maanden'],
  year: ['jaar', 'jaar'],
};

/** Mollie's interval ('1 month', '12 months', '14 days') in Dutch: 'per maand', 'per jaar', 'per 14 dagen'. */
export function formatInterval(interval: string): string {
  const match = /^(\d+)\s+(day|week|month|year)s?$/.exec(interval.trim());
  if (!match) return interval;
  const count = Number(match[1]);
  const [one, many] = intervalUnits[match[2] as string] as [string, string];
  if (match[2] === 'month' && count === 12) return 'per jaar';
  return count === 1 ? `per ${one}` : `per ${count} ${many}`;
}

/**
 * The last day of a complimentary membership: `until` is the first moment after it (the next midnight
 * in Amsterdam), so the day shown is the one just before.
 */
export const compLastDay = (until: string) => new Date(Date.parse(until) - 1);
