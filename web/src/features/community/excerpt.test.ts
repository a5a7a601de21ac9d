import { describe, expect, it } from 'vitest';
import { excerpt } from './excerpt.ts';

describe('excerpt', () => {
  it('keeps a short text whole, on one line', () => {
    expect(excerpt('Hallo\n\nallemaal   daar')).toBe('Hallo allemaal daar');
  });

  it('cuts a long text at a word and adds …', () => {
    const text = `${'woord '.repeat(40)}einde`;
    const cut = excerpt(text, 200);
    expect(cut.endsWith('woord…')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(201);
    expect(cut).not.toContain('einde');
  });

  it('leaves no punctuation before the …', () => {
    expect(excerpt('Een zin. Nog een zin, en dan nog wat meer tekst hier', 24)).toBe('Een zin. Nog een zin…');
  });

  it('cuts inside a word only when that word would take most of the room', () => {
    expect(excerpt(`ab ${'x'.repeat(300)}`, 200)).toBe(`ab ${'x'.repeat(197)}…`);
  });
});
