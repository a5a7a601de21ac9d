import type { Amount, Json, JsonObject } from './store.ts';

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized Request',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  410: 'Gone',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function statusTitle(status: number): string {
  return titles[status] ?? 'Error';
}

/** Thrown by handlers; the server renders it as Mollie's `{status,title,detail,field?,_links}`. */
export class MollieError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly field?: string,
  ) {
    super(detail);
    this.name = 'MollieError';
  }
}

export const unprocessable = (detail: string, field?: string) => new MollieError(422, detail, field);

export function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function optionalString(body: JsonObject, field: string, max = 255): string | null {
  const value = body[field];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw unprocessable(`The '${field}' field must be a string.`, field);
  if (value.length > max) throw unprocessable(`The '${field}' field is too long (max ${max}).`, field);
  return value;
}

export function requiredString(body: JsonObject, field: string, max = 255): string {
  const value = optionalString(body, field, max);
  if (value === null || value.trim() === '') throw unprocessable(`The '${field}' field is required.`, field);
  return value;
}

export function optionalUrl(body: JsonObject, field: string): string | null {
  const value = optionalString(body, field, 2048);
  if (value === null || value === '') return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw unprocessable(`The '${field}' is not a valid URL.`, field);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw unprocessable(`The '${field}' must use http or https.`, field);
  }
  return value;
}

/** Mollie takes amounts as strings with exactly the currency's decimals; numbers are refused. */
export function requiredAmount(body: JsonObject, field = 'amount'): Amount {
  const value = body[field];
  if (!isObject(value)) {
    throw unprocessable(`The amount is required (an object with currency and value).`, field);
  }
  const { currency, value: amountValue } = value;
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) {
    throw unprocessable('The amount currency is invalid.', `${field}.currency`);
  }
  if (typeof amountValue !== 'string') {
    throw unprocessable('The amount value must be a string, like "10.00".', `${field}.value`);
  }
  const decimals = zeroDecimalCurrencies.has(currency) ? 0 : 2;
  const pattern = decimals === 0 ? /^\d{1,10}$/ : /^\d{1,10}\.\d{2}$/;
  if (!pattern.test(amountValue)) {
    throw unprocessable(
      `The amount value '${amountValue}' has the wrong format; ${currency} needs ${decimals} decimals.`,
      `${field}.value`,
    );
  }
  if (Number(amountValue) <= 0) {
    throw unprocessable('The amount is lower than the minimum.', `${field}.value`);
  }
  return { currency, value: amountValue };
}

const zeroDecimalCurrencies = new Set(['JPY', 'ISK', 'HUF']);

/** Mollie stores roughly 1 kB of metadata per resource. */
export function optionalMetadata(body: JsonObject): Json {
  const value = body.metadata;
  if (value === undefined) return null;
  if (Buffer.byteLength(JSON.stringify(value)) > 1024) {
    throw unprocessable('The metadata is too large (max about 1 kB).', 'metadata');
  }
  return value;
}

export const locales = new Set([
  'en_US',
  'en_GB',
  'nl_NL',
  'nl_BE',
  'fr_FR',
  'fr_BE',
  'de_DE',
  'de_AT',
  'de_CH',
  'es_ES',
  'ca_ES',
  'pt_PT',
  'it_IT',
  'nb_NO',
  'sv_SE',
  'fi_FI',
  'da_DK',
  'is_IS',
  'hu_HU',
  'pl_PL',
  'lv_LV',
  'lt_LT',
]);

export function optionalLocale(body: JsonObject): string | null {
  const value = optionalString(body, 'locale', 10);
  if (value !== null && !locales.has(value)) {
    throw unprocessable(`The locale '${value}' is invalid.`, 'locale');
  }
  return value;
}

export function isDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}
