/**
 * Drift guard: the shared content model (content.ts) against the Strapi schemas in cms/src. A field
 * renamed, retyped or made optional in Strapi, or a content type or component added on one side
 * only, fails here with the type and field named.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ContentField, contentComponents, contentModel } from './content.ts';

const root = resolve(import.meta.dirname, '../..');
const cmsSrc = join(root, 'cms/src');

interface StrapiAttribute {
  type: string;
  required?: boolean;
  enum?: string[];
  component?: string;
  repeatable?: boolean;
}
type StrapiAttributes = Record<string, StrapiAttribute>;

interface StrapiContentType {
  file: string;
  kind: 'collection' | 'single';
  /** The REST segment: pluralName for collections, singularName for single types. */
  apiId: string;
  attributes: StrapiAttributes;
}

/** Strapi content types the site never reads (none today); everything else must be in the model. */
const notServed = new Set<string>();

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));
const dirs = (dir: string) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

function readContentTypes(): StrapiContentType[] {
  const api = join(cmsSrc, 'api');
  return dirs(api).flatMap((name) =>
    dirs(join(api, name, 'content-types')).map((type) => {
      const file = join(api, name, 'content-types', type, 'schema.json');
      const schema = readJson(file);
      const kind = schema.kind === 'singleType' ? 'single' : 'collection';
      return {
        file: relative(root, file),
        kind,
        apiId: kind === 'single' ? schema.info.singularName : schema.info.pluralName,
        attributes: schema.attributes,
      } satisfies StrapiContentType;
    }),
  );
}

/** Component uid (`navigation.link`) -> file and attributes. */
function readComponents(): Map<string, { file: string; attributes: StrapiAttributes }> {
  const dir = join(cmsSrc, 'components');
  const components = new Map<string, { file: string; attributes: StrapiAttributes }>();
  for (const category of dirs(dir))
    for (const name of readdirSync(join(dir, category)).filter((f) => f.endsWith('.json'))) {
      const file = join(dir, category, name);
      components.set(`${category}.${name.slice(0, -'.json'.length)}`, {
        file: relative(root, file),
        attributes: readJson(file).attributes,
      });
    }
  return components;
}

const describeField = (a: { type: string; required?: boolean; component?: string; repeatable?: boolean }) =>
  [
    a.type,
    a.component && `${a.component}${a.repeatable ? ' (repeatable)' : ''}`,
    a.required ? 'required' : 'optional',
  ]
    .filter(Boolean)
    .join(' ');

/** Model fields against Strapi attributes, both ways; one line per disagreement naming `where.field`. */
function compareFields(
  where: string,
  file: string,
  model: Readonly<Record<string, ContentField>>,
  strapi: StrapiAttributes,
): string[] {
  const problems: string[] = [];
  for (const [name, field] of Object.entries(model)) {
    const attribute = strapi[name];
    if (!attribute) {
      problems.push(
        `${where}.${name}: in the content model but not in ${file} (Strapi has: ${Object.keys(strapi).join(', ')})`,
      );
      continue;
    }
    const at = `${where}.${name}: model says ${describeField(field)}, ${file} says ${describeField(attribute)}`;
    if (field.type !== attribute.type) problems.push(`${at} (type differs)`);
    if (!!field.required !== !!attribute.required) problems.push(`${at} (required differs)`);
    if (field.guaranteed && !attribute.required)
      problems.push(`${at} (the proxy drops entries without a guaranteed field, so Strapi must require it)`);
    if (field.type === 'enumeration' && field.enum.join() !== (attribute.enum ?? []).join())
      problems.push(
        `${at} (enum values differ: model ${field.enum.join(', ')}, Strapi ${attribute.enum?.join(', ')})`,
      );
    if (
      field.type === 'component' &&
      (field.component !== attribute.component || field.repeatable !== !!attribute.repeatable)
    )
      problems.push(`${at} (component differs)`);
  }
  for (const name of Object.keys(strapi))
    if (!(name in model)) problems.push(`${where}.${name}: in ${file} but not in the content model`);
  return problems;
}

/** Every disagreement between contract/src/content.ts and cms/src. */
function compareAll(types: StrapiContentType[], components: ReturnType<typeof readComponents>): string[] {
  const problems: string[] = [];
  const byApiId = new Map(types.map((type) => [type.apiId, type]));

  for (const type of types)
    if (!(type.apiId in contentModel) && !notServed.has(type.apiId))
      problems.push(
        `${type.apiId}: Strapi content type (${type.file}) is not in the content model (contract/src/content.ts)`,
      );

  for (const [apiId, model] of Object.entries(contentModel)) {
    const strapi = byApiId.get(apiId);
    if (!strapi) {
      problems.push(
        `${apiId}: in the content model but no Strapi ${model.kind} type has that REST name (Strapi has: ${[...byApiId.keys()].join(', ')})`,
      );
      continue;
    }
    if (strapi.kind !== model.kind)
      problems.push(`${apiId}: model says ${model.kind} type, ${strapi.file} says ${strapi.kind} type`);
    problems.push(...compareFields(apiId, strapi.file, model.fields, strapi.attributes));
  }

  for (const [uid, fields] of Object.entries(contentComponents)) {
    const strapi = components.get(uid);
    if (!strapi) problems.push(`${uid}: component in the content model but not in cms/src/components`);
    else problems.push(...compareFields(uid, strapi.file, fields, strapi.attributes));
  }
  for (const [uid, { file }] of components)
    if (!(uid in contentComponents)) problems.push(`${uid}: component ${file} is not in the content model`);
  return problems;
}

describe('content model against the Strapi schemas', () => {
  const types = readContentTypes();
  const components = readComponents();

  it('reads the Strapi schemas (a guard that reads nothing cannot fail)', () => {
    expect(types.map((type) => type.apiId).sort()).toContain('articles');
    expect(components.get('navigation.link')?.attributes.url).toMatchObject({
      type: 'string',
      required: true,
    });
  });

  it('agree on content types, components, fields, types and required-ness', () => {
    const problems = compareAll(types, components);
    expect(problems, `contract/src/content.ts and cms/src disagree:\n  ${problems.join('\n  ')}\n`).toEqual(
      [],
    );
  });

  it('names the field when Strapi renames one', () => {
    const article = types.find((type) => type.apiId === 'articles');
    if (!article) throw new Error('no articles schema');
    const { summary, ...rest } = article.attributes;
    const renamed = { ...rest, abstract: summary as StrapiAttribute };
    expect(compareFields('articles', article.file, contentModel.articles.fields, renamed)).toEqual([
      expect.stringMatching(/^articles\.summary: in the content model but not in cms\/src\/api\/article\//),
      expect.stringMatching(
        /^articles\.abstract: in cms\/src\/api\/article\/.* but not in the content model$/,
      ),
    ]);
  });
});
