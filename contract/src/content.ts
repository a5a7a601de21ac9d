/**
 * The CMS content model, written once: the Strapi content types the site serves and their fields,
 * in Strapi's own attribute terms. The web's entry types and the content proxy's rules
 * (functions/src/content/content-types.ts) are derived from it; content.test.ts holds it against
 * cms/src/api/*\/content-types/*\/schema.json and cms/src/components.
 *
 * No imports and only plain values: the web imports types from here (`import type`), so nothing
 * of this reaches its bundle.
 */

/** Strapi attribute types whose values arrive as strings (dates as ISO strings, richtext as Markdown). */
type StringAttribute = 'string' | 'text' | 'richtext' | 'uid' | 'date' | 'datetime';

/**
 * One Strapi attribute. `required` is Strapi's: without it the value may be null. `guaranteed`
 * is the proxy's: an entry without it is dropped (lists) or a 404 (detail, single types), so every
 * entry the web receives has it; other fields may be absent when the caller narrows `fields`.
 */
export type ContentField = (
  | { readonly type: StringAttribute | 'integer' | 'json' }
  | { readonly type: 'enumeration'; readonly enum: readonly string[] }
  | { readonly type: 'component'; readonly component: string; readonly repeatable: boolean }
) & { readonly required?: true; readonly guaranteed?: true };

export interface ContentTypeModel {
  /** Strapi's collectionType (REST segment: pluralName) or singleType (REST segment: singularName). */
  readonly kind: 'collection' | 'single';
  readonly fields: Readonly<Record<string, ContentField>>;
}

/** Strapi components by uid (`navigation.link` is cms/src/components/navigation/link.json). */
export const contentComponents = {
  'navigation.primary': {
    home: { type: 'string', required: true },
    aboutUs: { type: 'string', required: true },
    events: { type: 'string', required: true },
    articles: { type: 'string', required: true },
    research: { type: 'string', required: true },
    podcasts: { type: 'string', required: true },
    community: { type: 'string', required: true },
  },
  'navigation.link': {
    label: { type: 'string', required: true },
    url: { type: 'string', required: true },
  },
  'navigation.social': {
    type: {
      type: 'enumeration',
      enum: ['Twitter', 'Facebook', 'Instagram', 'LinkedIn', 'Email'],
      required: true,
    },
    path: { type: 'string', required: true },
  },
} as const satisfies Record<string, Readonly<Record<string, ContentField>>>;

type ComponentUid = keyof typeof contentComponents;

/** Every collection's title and the uid its address uses; entries without them are dropped. */
const titleAndSlug = {
  title: { type: 'string', required: true, guaranteed: true },
  slug: { type: 'uid', required: true, guaranteed: true },
} as const;

const coverImage = {
  coverImage: { type: 'string' },
  coverImageAlt: { type: 'string' },
} as const;

/**
 * The content types the web may read through `/web/content/{apiId}`, keyed by the Strapi REST
 * segment. Anything not listed is a 404 without asking the CMS.
 */
export const contentModel = {
  articles: {
    kind: 'collection',
    fields: {
      ...titleAndSlug,
      summary: { type: 'text', required: true, guaranteed: true },
      body: { type: 'richtext', required: true },
      ...coverImage,
      /** Free JSON: an array of strings or of `{ name }` (web: topicsOf). */
      topics: { type: 'json' },
      publishDate: { type: 'date', required: true, guaranteed: true },
      author: { type: 'string', required: true },
    },
  },
  events: {
    kind: 'collection',
    fields: {
      ...titleAndSlug,
      startsAt: { type: 'datetime', required: true, guaranteed: true },
      endsAt: { type: 'datetime' },
      location: { type: 'string', required: true, guaranteed: true },
      description: { type: 'richtext', required: true },
      registrationUrl: { type: 'string' },
      ...coverImage,
    },
  },
  podcasts: {
    kind: 'collection',
    fields: {
      ...titleAndSlug,
      episodeNumber: { type: 'integer', required: true, guaranteed: true },
      audioUrl: { type: 'string', required: true, guaranteed: true },
      durationSeconds: { type: 'integer', required: true },
      showNotes: { type: 'richtext', required: true },
      publishDate: { type: 'date', required: true },
      ...coverImage,
    },
  },
  researches: {
    kind: 'collection',
    fields: {
      ...titleAndSlug,
      summary: { type: 'text', required: true, guaranteed: true },
      body: { type: 'richtext', required: true },
      pdfUrl: { type: 'string' },
      externalUrl: { type: 'string' },
      publishDate: { type: 'date', required: true },
      ...coverImage,
    },
  },
  homepage: {
    kind: 'single',
    fields: {
      title: { type: 'string', required: true, guaranteed: true },
      intro: { type: 'richtext', required: true, guaranteed: true },
      heroImage: { type: 'string' },
      heroImageAlt: { type: 'string' },
      callToActionLabel: { type: 'string' },
      callToActionUrl: { type: 'string' },
      articlesTitle: { type: 'string' },
      eventsTitle: { type: 'string' },
      podcastsTitle: { type: 'string' },
      communityTitle: { type: 'string' },
      communityText: { type: 'text' },
    },
  },
  'about-page': {
    kind: 'single',
    fields: {
      title: { type: 'string', required: true, guaranteed: true },
      intro: { type: 'text', required: true },
      body: { type: 'richtext', required: true, guaranteed: true },
      image: { type: 'string' },
      imageAlt: { type: 'string' },
    },
  },
  'site-meta': {
    kind: 'single',
    fields: {
      title: { type: 'string', required: true, guaranteed: true },
      description: { type: 'text', required: true, guaranteed: true },
      address: { type: 'string', required: true, guaranteed: true },
      postalCode: { type: 'string', required: true, guaranteed: true },
    },
  },
  navigation: {
    kind: 'single',
    fields: {
      /** Guaranteed: every required field of the component (the header and footer need them all). */
      primary: {
        type: 'component',
        component: 'navigation.primary',
        repeatable: false,
        required: true,
        guaranteed: true,
      },
      secondaryMenu: { type: 'component', component: 'navigation.link', repeatable: true },
      secondaryFooter: { type: 'component', component: 'navigation.link', repeatable: true },
      socials: { type: 'component', component: 'navigation.social', repeatable: true },
    },
  },
} as const satisfies Record<string, ContentTypeModel>;

type Model = typeof contentModel;
export type ContentTypeApiId = keyof Model;

type ValueOf<F> = F extends { type: 'integer' }
  ? number
  : F extends { type: 'json' }
    ? unknown
    : F extends { type: 'enumeration'; enum: readonly (infer E)[] }
      ? E
      : F extends { type: 'component'; component: infer C extends ComponentUid; repeatable: infer R }
        ? R extends true
          ? ContentComponent<C>[]
          : ContentComponent<C>
        : string;

/** A field without Strapi's `required` may be null; a repeatable component is `[]` instead. */
type FieldValue<F> = F extends { required: true } | { repeatable: true } ? ValueOf<F> : ValueOf<F> | null;

type Flatten<T> = { -readonly [K in keyof T]: T[K] } & {};

/** A component as Strapi returns it when populated: every field present. */
export type ContentComponent<C extends ComponentUid> = Flatten<{
  -readonly [K in keyof (typeof contentComponents)[C]]: FieldValue<(typeof contentComponents)[C][K]>;
}>;

type Fields<Id extends ContentTypeApiId> = Model[Id]['fields'];
type GuaranteedKeys<Id extends ContentTypeApiId> = {
  [K in keyof Fields<Id>]: Fields<Id>[K] extends { guaranteed: true } ? K : never;
}[keyof Fields<Id>];

/** An entry as the proxy returns it (Strapi 5 REST: flat attributes and a documentId). */
export type ContentEntry<Id extends ContentTypeApiId> = Flatten<
  { id: number; documentId: string } & {
    -readonly [K in GuaranteedKeys<Id>]: FieldValue<Fields<Id>[K]>;
  } & {
    -readonly [K in Exclude<keyof Fields<Id>, GuaranteedKeys<Id>>]?: FieldValue<Fields<Id>[K]>;
  }
>;

export type CollectionTypes = {
  [K in ContentTypeApiId as Model[K]['kind'] extends 'collection' ? K : never]: ContentEntry<K>;
};
export type SingleTypes = {
  [K in ContentTypeApiId as Model[K]['kind'] extends 'single' ? K : never]: ContentEntry<K>;
};
