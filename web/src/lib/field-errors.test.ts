import { describe, expect, it } from 'vitest';
import { clearedOnValue, hasValue } from './field-errors.ts';

describe('spec 5: an error clears when its field gets a value', () => {
  it('treats blank text and an empty list as no value', () => {
    expect([hasValue(''), hasValue('  \n'), hasValue([]), hasValue(null)]).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect([hasValue(' a '), hasValue([1]), hasValue(0)]).toEqual([true, true, true]);
  });

  it('drops only the changed field’s error, and only once it has a value', () => {
    const errors = { title: 'Dit veld is verplicht', content: 'Dit veld is verplicht' };
    expect(clearedOnValue(errors, 'title', '  ')).toBe(errors);
    expect(clearedOnValue(errors, 'title', 'Hoi')).toEqual({ content: 'Dit veld is verplicht' });
    expect(clearedOnValue({ topics: 'Kies een onderwerp' }, 'topics', [2])).toEqual({});
  });
});
