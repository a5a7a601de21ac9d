/**
 * An amount in euros as an admin types it ('4,98', '4.98', '4', '€ 4,98') as integer cents, exactly
 * (no floating point: '0,29' is 29, not 28.999…); null when it is not an amount with at most two decimals.
 */
export function parseEuros(text: string): number | null {
  const match = /^(?:€\s*)?(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Cents as the amount field shows them: 995 -> '9,95'. */
export const centsText = (cents: number): string =>
  `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
