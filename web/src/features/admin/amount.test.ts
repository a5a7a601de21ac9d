import { describe, expect, it } from 'vitest';
import { centsText, parseEuros } from './amount.ts';

describe('parseEuros', () => {
  it('reads Dutch and English decimals exactly, in cents', () => {
    expect(parseEuros('4,98')).toBe(498);
    expect(parseEuros('4.98')).toBe(498);
    expect(parseEuros(' € 9,95 ')).toBe(995);
    expect(parseEuros('0,29')).toBe(29);
    expect(parseEuros('4,9')).toBe(490);
    expect(parseEuros('12')).toBe(1200);
    expect(parseEuros('0')).toBe(0);
  });

  it('refuses anything that is not an amount with at most two decimals', () => {
    for (const text of ['', 'abc', '4,985', '-1', '1.000,00', '4,', ',5', '1e3'])
      expect(parseEuros(text), text).toBeNull();
  });

  it('writes cents back as the field shows them', () => {
    expect([centsText(995), centsText(498), centsText(5), centsText(1200)]).toEqual([
      '9,95',
      '4,98',
      '0,05',
      '12,00',
    ]);
  });
});
