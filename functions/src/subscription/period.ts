/**
 * Membership periods ("1 month", "12 months", "14 days") as Mollie writes subscription intervals.
 * Mollie refuses "1 year" (at most "12 months"), so years are turned into months here.
 */
export interface Period {
  count: number;
  unit: 'days' | 'weeks' | 'months';
}

function parsePeriod(text: string): Period {
  const match = /^(\d+) ?(day|days|week|weeks|month|months|year|years)$/.exec(text.trim().toLowerCase());
  if (!match || Number(match[1]) < 1) throw new Error(`Invalid membership interval: '${text}'`);
  const count = Number(match[1]);
  const unit = match[2]!;
  if (unit.startsWith('year')) return { count: count * 12, unit: 'months' };
  return { count, unit: unit.startsWith('day') ? 'days' : unit.startsWith('week') ? 'weeks' : 'months' };
}

/** The interval text Mollie accepts for a subscription, e.g. '1 year' -> '12 months'. */
export const mollieInterval = (text: string): string => {
  const { count, unit } = parsePeriod(text);
  return `${count} ${count === 1 ? unit.slice(0, -1) : unit}`;
};

/** `instant` plus one period; a month later than the 31st is the last day of a shorter month. */
export function addPeriod(instant: Date, text: string): Date {
  const { count, unit } = parsePeriod(text);
  if (unit !== 'months') return new Date(instant.getTime() + count * (unit === 'weeks' ? 7 : 1) * 86_400_000);
  const d = new Date(instant);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + count);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}

export const addDays = (instant: Date, days: number): Date => new Date(instant.getTime() + days * 86_400_000);

/** The calendar date in Amsterdam (Mollie's dates, e.g. a subscription's startDate), as YYYY-MM-DD. */
export const amsterdamDate = (instant: Date): string =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Amsterdam',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
