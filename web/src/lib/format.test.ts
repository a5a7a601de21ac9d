import { describe, expect, it } from 'vitest';
import { formatCents, formatInterval, formatPrice, karmaLabel, preview } from './format.ts';
import { relativeTime } from './relative-time.ts';

describe('format', () => {
  it("says 'PUNT' for 1 and 'PUNTEN' otherwise (spec 9)", () => {
    expect(karmaLabel(1)).toBe('1 PUNT');
    expect(karmaLabel(0)).toBe('0 PUNTEN');
    expect(karmaLabel(12)).toBe('12 PUNTEN');
  });

  it("previews 150 characters with '...' when longer", () => {
    expect(preview('a'.repeat(150))).toBe('a'.repeat(150));
    expect(preview('a'.repeat(151))).toBe(`${'a'.repeat(150)}...`);
  });

  it('formats prices and Mollie intervals in Dutch', () => {
    expect(formatPrice('9.95', 'EUR').replace(/\s/g, ' ')).toBe('€ 9,95');
    expect(formatInterval('1 month')).toBe('per maand');
    expect(formatInterval('12 months')).toBe('per jaar');
    expect(formatInterval('6 months')).toBe('per 6 maanden');
    expect(formatCents(9900, 'EUR').replace(/\s/g, ' ')).toBe('€ 99,00');
    expect(formatCents(-995, 'EUR').replace(/\s/g, ' ')).toBe('€ -9,95');
    expect(formatInterval('2 weeks')).toBe('per 2 weken');
  });

  it("shows 'zojuist' under a minute, else a Dutch distance", () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(relativeTime('2026-11-22T11:59:01Z', now)).toBe('zojuist');
    expect(relativeTime('2026-11-22T11:55:00Z', now)).toBe('5 minuten geleden');
    expect(relativeTime('2026-11-20T12:00:00Z', now)).toBe('2 dagen geleden');
  });
});
