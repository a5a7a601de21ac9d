/**
 * Dutch dates with Intl, always in Amsterdam time (the server renders the same text as the
 * browser). Apart from format.ts so the public pages load only this.
 */
const toDate = (value: string | Date) => (typeof value === 'string' ? new Date(value) : value);

const dateFormat = new Intl.DateTimeFormat('nl-NL', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Amsterdam',
});
const dateTimeFormat = new Intl.DateTimeFormat('nl-NL', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Amsterdam',
});

/** '3 maart 2026' */
export const formatDate = (value: string | Date) => dateFormat.format(toDate(value));

/** 'dinsdag 3 maart 2026 om 19:30' */
export const formatDateTime = (value: string | Date) => dateTimeFormat.format(toDate(value));
