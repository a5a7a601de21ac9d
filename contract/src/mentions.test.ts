import { describe, expect, it } from 'vitest';
import { mentionedNames } from './mentions.ts';

describe('mentionedNames', () => {
  it.each([
    ['hoi @sanne.', ['sanne']],
    ['(@sanne) en @joris_visser!', ['sanne', 'joris_visser']],
    ['@Sanne en @SANNE', ['Sanne']],
    ['@émile_ä', ['émile_ä']],
    ['mail sanne@kring.nl', []],
    ['https://x.nl/@sanne', []],
  ])('%j names %j', (text, names) => {
    expect(mentionedNames(text)).toEqual(names);
  });

  it('reads a name written with combining accents (NFD, as some systems paste it) as the accented name', () => {
    // 'Zoë' as Z o e + U+0308: not the member 'Zoe'.
    expect(mentionedNames('hoi @Zoe\u0308!')).toEqual(['Zoë']);
    expect(mentionedNames('@Zoe\u0308_x')).toEqual(['Zoë_x']);
  });

  it('names nobody inside a web address, wherever the @ is in it', () => {
    expect(mentionedNames('zie https://x.nl/?u=@sanne en https://x.nl/a-@joris')).toEqual([]);
    expect(mentionedNames('zie www.x.nl/p?u=@sanne')).toEqual([]);
    // After the address, a mention counts again.
    expect(mentionedNames('https://x.nl/a @sanne')).toEqual(['sanne']);
  });
});
