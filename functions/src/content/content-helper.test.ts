import { describe, expect, it } from 'vitest';
import {
  assertRequiredProperties,
  ContentInternalError,
  ContentNotFoundError,
  readCmsJson,
  requireProperty,
  stripUndefinedDeep,
} from './content-helper.ts';

describe('requireProperty', () => {
  const nav = { primary: { home: 'Home', aboutUs: null }, socials: [{ type: 'Email', path: '' }], count: 0 };

  it('returns the value at a dotted path, including falsy values and array indexes', () => {
    expect(requireProperty(nav, 'primary.home')).toBe('Home');
    expect(requireProperty(nav, 'socials.0.type')).toBe('Email');
    expect(requireProperty(nav, 'socials.0.path')).toBe('');
    expect(requireProperty(nav, 'count')).toBe(0);
  });

  it.each([
    ['primary.aboutUs', 'null'],
    ['primary.events', 'undefined'],
    ['missing.deeper.still', 'undefined parent'],
    ['socials.3.type', 'missing array item'],
  ])('raises NOT_FOUND for %s (%s)', (path) => {
    let caught: unknown;
    try {
      requireProperty(nav, path);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ContentNotFoundError);
    expect((caught as ContentNotFoundError).code).toBe('NOT_FOUND');
    expect((caught as Error).message).toBe(`Required property "${path}" is null or undefined`);
  });

  it('treats a null or non-object root as missing', () => {
    expect(() => requireProperty(null, 'a')).toThrow('Required property "a" is null or undefined');
    expect(() => requireProperty('text', 'length')).toThrow(ContentNotFoundError);
  });
});

describe('assertRequiredProperties', () => {
  it('checks the content type rules: an article needs slug and title', () => {
    const ok = { slug: 'a', title: 'A', summary: 'S', publishDate: '2026-01-01' };
    expect(() => assertRequiredProperties('articles', ok)).not.toThrow();
    expect(() => assertRequiredProperties('articles', { ...ok, title: null })).toThrow(
      'Required property "title" is null or undefined',
    );
    expect(() => assertRequiredProperties('articles', { ...ok, slug: undefined })).toThrow(
      ContentNotFoundError,
    );
  });

  it('checks nested component fields for the navigation', () => {
    expect(() => assertRequiredProperties('navigation', { primary: { home: 'Home' } })).toThrow(
      'Required property "primary.aboutUs" is null or undefined',
    );
  });
});

describe('stripUndefinedDeep', () => {
  it('drops undefined keys and array items at any depth, keeps null and falsy values', () => {
    const input = {
      a: 1,
      b: undefined,
      c: { d: undefined, e: null, f: { g: undefined, h: '' } },
      list: [1, undefined, { i: undefined, j: false }],
    };
    expect(stripUndefinedDeep(input)).toEqual({
      a: 1,
      c: { e: null, f: { h: '' } },
      list: [1, { j: false }],
    });
    // toEqual ignores undefined keys; the key itself must be gone.
    expect(Object.keys(stripUndefinedDeep(input).c.f)).toEqual(['h']);
  });

  it('does not mutate its input and leaves non-plain objects alone', () => {
    const when = new Date(0);
    const input = { x: undefined, when, nested: { y: undefined } };
    const out = stripUndefinedDeep(input);
    expect(Object.keys(input)).toEqual(['x', 'when', 'nested']);
    expect(Object.keys(input.nested)).toEqual(['y']);
    expect(out.when).toBe(when);
    expect(stripUndefinedDeep(undefined)).toBeUndefined();
    expect(stripUndefinedDeep(5)).toBe(5);
  });
});

describe('readCmsJson', () => {
  const respond = (body: string | null, status = 200, type: string | null = 'application/json') =>
    new Response(body, { status, headers: type ? { 'Content-Type': type } : {} });

  it('parses a JSON 2xx body', async () => {
    await expect(readCmsJson(respond('{"data":[]}'), 'x')).resolves.toEqual({ data: [] });
  });

  it.each([
    ['empty body', respond(''), ContentInternalError],
    ['whitespace body', respond('  \n'), ContentInternalError],
    ['non-JSON content type', respond('<html></html>', 200, 'text/html'), ContentInternalError],
    ['broken JSON', respond('{"data":'), ContentInternalError],
    ['500', respond('{}', 500), ContentInternalError],
    ['401', respond('{}', 401), ContentInternalError],
    ['404', respond('{}', 404), ContentNotFoundError],
  ])('%s -> %s', async (_name, res, errorClass) => {
    await expect(readCmsJson(res, 'x')).rejects.toBeInstanceOf(errorClass);
  });
});
