import { contentModel } from '@kring/contract/content';
import { describe, expect, it } from 'vitest';
import { contentTypeDef, contentTypes, isContentTypeApiId } from './content-types.ts';

describe('content types derived from the shared content model', () => {
  it('serves every type of the model and nothing else', () => {
    expect(Object.keys(contentTypes).sort()).toEqual(Object.keys(contentModel).sort());
    expect(isContentTypeApiId('articles')).toBe(true);
    expect(isContentTypeApiId('users')).toBe(false);
    expect(isContentTypeApiId('toString')).toBe(false);
  });

  it('requires the guaranteed fields, and no component populate for flat types', () => {
    expect(contentTypeDef('articles')).toEqual({
      kind: 'collection',
      required: ['title', 'slug', 'summary', 'publishDate'],
    });
    expect(contentTypeDef('site-meta')).toEqual({
      kind: 'single',
      required: ['title', 'description', 'address', 'postalCode'],
    });
  });

  it('requires every required field of a guaranteed component and always populates components', () => {
    expect(contentTypeDef('navigation')).toEqual({
      kind: 'single',
      required: [
        'primary.home',
        'primary.aboutUs',
        'primary.events',
        'primary.articles',
        'primary.research',
        'primary.podcasts',
        'primary.community',
      ],
      fixedQuery: { populate: '*' },
    });
  });
});
