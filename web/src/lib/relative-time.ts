/** Relative times with date-fns and its nl locale; kept apart so public pages do not load date-fns. */
import { differenceInSeconds, formatDistanceStrict } from 'date-fns';
import { nl as nlLocale } from 'date-fns/locale/nl';
import { nlNotifications } from '../messages/community.ts';

/** 'zojuist' under a minute, otherwise a Dutch relative distance ('5 minuten geleden'), per spec 8. */
export function relativeTime(value: string | Date, now: Date = new Date()): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Math.abs(differenceInSeconds(now, date)) < 60) return nlNotifications.justNow;
  return formatDistanceStrict(date, now, { addSuffix: true, locale: nlLocale });
}
