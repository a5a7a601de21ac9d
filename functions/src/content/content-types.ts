/**
 * The CMS content types the web app may read through `/web/content/{apiId}`, derived from the
 * shared content model (contract/src/content.ts). The api id is the Strapi REST segment
 * (`GET {cms}/api/{apiId}`): the plural name for collections, the singular name for single types.
 * Anything not in the model is a 404 without asking the CMS.
 */
import {
  type ContentField,
  type ContentTypeApiId,
  contentComponents,
  contentModel,
} from '@kring/contract/content';

export type { ContentTypeApiId };

export interface ContentTypeDef {
  readonly kind: 'collection' | 'single';
  /** Dotted paths every entry must carry; an entry without one is treated as not found. */
  readonly required: readonly string[];
  /** Query parameters that always replace the caller's of the same name (e.g. component populate). */
  readonly fixedQuery?: Readonly<Record<string, string>>;
}

/** A guaranteed field's paths: the field, or for a component each of its required fields. */
function requiredPaths(name: string, field: ContentField): string[] {
  if (field.type !== 'component') return [name];
  const component: Readonly<Record<string, ContentField>> | undefined =
    contentComponents[field.component as keyof typeof contentComponents];
  if (!component) throw new Error(`content model: ${name} uses unknown component ${field.component}`);
  return Object.entries(component)
    .filter(([, sub]) => sub.required)
    .map(([sub]) => `${name}.${sub}`);
}

function toDef(fields: Readonly<Record<string, ContentField>>, kind: ContentTypeDef['kind']): ContentTypeDef {
  const entries = Object.entries(fields);
  return {
    kind,
    required: entries
      .filter(([, field]) => field.guaranteed)
      .flatMap(([name, field]) => requiredPaths(name, field)),
    // Components are only returned when populated; the pages that read them need them whole.
    ...(entries.some(([, field]) => field.type === 'component') ? { fixedQuery: { populate: '*' } } : {}),
  };
}

export const contentTypes = Object.fromEntries(
  Object.entries(contentModel).map(([apiId, type]) => [apiId, toDef(type.fields, type.kind)]),
) as Readonly<Record<ContentTypeApiId, ContentTypeDef>>;

export const isContentTypeApiId = (value: string): value is ContentTypeApiId =>
  Object.hasOwn(contentTypes, value);

export const contentTypeDef = (apiId: ContentTypeApiId): ContentTypeDef => contentTypes[apiId];
