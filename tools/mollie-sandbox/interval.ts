import { unprocessable } from './validate.ts';

export interface Interval {
  count: number;
  unit: 'day' | 'week' | 'month';
}

/** Mollie's own limits: `... days|weeks|months`, at most one year. `1 year` is refused, as by Mollie. */
const maxPerUnit = { day: 365, week: 52, month: 12 } as const;

export function parseInterval(text: string): Interval {
  const match = /^(\d+) (day|days|week|weeks|month|months)$/.exec(text.trim());
  if (!match) {
    throw unprocessable(
      `The interval '${text}' is invalid; use '... days', '... weeks' or '... months' (for a year: '12 months').`,
      'interval',
    );
  }
  const count = Number(match[1]);
  const unit = match[2]!.replace(/s$/, '') as Interval['unit'];
  if (count < 1 || count > maxPerUnit[unit]) {
    throw unprocessable(
      'The interval is out of range; the maximum is one year (12 months, 52 weeks or 365 days).',
      'interval',
    );
  }
  return { count, unit };
}

/**
 * The date of charge number `index` (0 = startDate). Computed from the start each time so that a
 * subscription starting on the 31st is charged on the last day of shorter months without drifting.
 */
export function chargeDate(startDate: string, interval: Interval, index: number): string {
  const [y, m, d] = startDate.split('-').map(Number) as [number, number, number];
  const steps = interval.count * index;
  if (interval.unit === 'month') {
    const monthIndex = m - 1 + steps;
    const year = y + Math.floor(monthIndex / 12);
    const month = monthIndex % 12;
    const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
    return isoDate(new Date(Date.UTC(year, month, Math.min(d, lastDay))));
  }
  const days = interval.unit === 'week' ? steps * 7 : steps;
  return isoDate(new Date(Date.UTC(y, m - 1, d + days)));
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Mollie is a Dutch company: "today" for dates like startDate is the date in Amsterdam. */
export function todayInAmsterdam(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Amsterdam',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
