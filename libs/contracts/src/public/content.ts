import { z } from 'zod';
import { CONTACT_HONEYPOT_FIELD, CONTACT_SUBJECTS, CORRECTION_ITEM_PATTERN, SITE_PATH_PATTERN } from './contact-form';
import { siteFiguresSchema } from './figures-schema';
import { statusField, statusWriteField } from './drafts';
import { ignoredFields } from './read-only';
import { SLUG_PATTERN } from '@coffee-guide/domain';
import {
  noInvisibleCharacters,
  noInvisibleCharactersInList,
  SINGLE_LINE_INVISIBLE_MESSAGE,
  SINGLE_LINE_LIST_MESSAGE,
} from './text-rules';

/*
 * Content: blog posts, SEO records, page content sections, site settings and contact messages.
 * Read shapes (what /api answers) and write shapes (what the admin forms and the contact form send).
 * Write schemas are strict: an unknown field is a 400, but the read-only `id` and `submittedAt` the
 * spec's forms send back are accepted and ignored (docs/decisions.md, "API conventions").
 */

// ---------------------------------------------------------------------------------------------------
// Shared pieces

/** A required text field with readable messages ("is required" rather than zod's type message). */
const text = (max: number, min = 1) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'is required' : 'must be text') })
    .trim()
    .min(min, min === 1 ? 'is required' : `must be at least ${min} characters`)
    .max(max, `must be at most ${max} characters`);

/** An optional text field: missing or null becomes ''. */
const optionalText = (max: number) =>
  z
    .string({ error: 'must be text' })
    .trim()
    .max(max, `must be at most ${max} characters`)
    .nullish()
    .transform((v) => v ?? '');

// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS_EXCEPT_NEWLINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Placeholders the BFF (or the page head) replaces with a safe absolute origin or path. */
const URL_PLACEHOLDER = /^\{(path|siteUrl)\}/;

/**
 * A URL an administrator may enter: an absolute http(s) URL, or a path of this site starting with one
 * '/' (never '//host', which is another site), or one starting with the `{path}`/`{siteUrl}` placeholders.
 * `javascript:`, `data:` and everything else is refused.
 */
export function isSafeUrl(value: string): boolean {
  if (value.length === 0 || value.length > 2000) return false;
  if (/[\s<>"'`\\]/.test(value) || CONTROL_CHARS.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  if (URL_PLACEHOLDER.test(value)) return true;
  return ABSOLUTE_HTTP_URL.test(value);
}

/** http(s), a host name (no user info), an optional port, then a path, query or fragment. */
const ABSOLUTE_HTTP_URL =
  /^https?:\/\/(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?::\d{1,5})?(?:[/?#]\S*)?$/i;

const URL_MESSAGE = "must be an http(s) URL or a path of this site starting with '/'";

/** An optional URL field: '' or null become null. */
export const safeUrlSchema = z
  .string({ error: 'must be text' })
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || isSafeUrl(v), URL_MESSAGE);

/** The spec's forms send the read-only id (and the contact form submittedAt) back: accepted, ignored. */
const readOnly = { id: z.unknown().optional(), submittedAt: z.unknown().optional() };

function withoutReadOnly<T extends { id?: unknown; submittedAt?: unknown }>(value: T): Omit<T, 'id' | 'submittedAt'> {
  const { id: _id, submittedAt: _submittedAt, ...rest } = value;
  return rest;
}

/** A date ('2025-01-05') or date-time ('2025-01-05T15:00', with or without a zone; UTC when none) as ISO text. */
const dateTimeSchema = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'is required' : 'must be a date') })
  .trim()
  .min(1, 'is required')
  .refine(
    (v) =>
      /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) && parseDate(v) !== null,
    'must be a date such as 2025-01-05 or 2025-01-05T15:00:00Z',
  )
  .transform((v) => parseDate(v)!.toISOString());

function parseDate(v: string): Date | null {
  const withZone = /T/.test(v) && !/(Z|[+-]\d{2}:?\d{2})$/.test(v) ? `${v}Z` : v;
  const time = Date.parse(withZone);
  if (Number.isNaN(time)) return null;
  const year = new Date(time).getUTCFullYear();
  return year >= 1990 && year <= 2200 ? new Date(time) : null;
}

/** A list field: an array of texts, or the admin form's comma-separated text; trimmed, no blanks, no repeats. */
const listSchema = (maxItems: number, maxLength: number) =>
  z
    .union([z.array(z.string({ error: 'must be text' })), z.string()], { error: 'must be a list of texts' })
    .nullish()
    .transform((v) => {
      const items = (typeof v === 'string' ? v.split(',') : (v ?? [])).map((s) => s.trim()).filter(Boolean);
      return [...new Set(items)];
    })
    .refine((v) => v.length <= maxItems, `must have at most ${maxItems} entries`)
    .refine((v) => v.every((s) => s.length <= maxLength), `each entry must be at most ${maxLength} characters`)
    .refine(noInvisibleCharactersInList, SINGLE_LINE_LIST_MESSAGE);

// ---------------------------------------------------------------------------------------------------
// Blog

export const BLOG_CATEGORIES = ['reviews', 'secret-menu', 'guides', 'news', 'health'] as const;
export const blogCategorySchema = z.enum(BLOG_CATEGORIES, { error: `must be one of ${BLOG_CATEGORIES.join(', ')}` });
export type BlogCategory = z.infer<typeof blogCategorySchema>;

/**
 * GET /api/blog, GET /api/blog/{slug}. `content` is Markdown (headings, emphasis, lists, links, quotes,
 * pictures; plain text paragraphs separated by a blank line read the same), sanitised by the content service.
 */
export const blogPostSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  content: z.string(),
  category: blogCategorySchema,
  tags: z.array(z.string()),
  imageUrl: z.string().nullable(),
  /** ISO date-time. */
  publishedAt: z.string(),
  /** A draft is only in the admin's answers (docs/web.md, "Drafts and previews"). */
  status: statusField,
  /** ISO date-time of the last write: a preview link's version. */
  updatedAt: z.string().optional(),
});
export type BlogPost = z.infer<typeof blogPostSchema>;
export const blogPostListSchema = z.array(blogPostSchema);

/** `?category=`: one of the blog categories, or `all` (or nothing). */
export const blogCategoryQuerySchema = z.object({
  category: z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .refine((v) => !v || v === 'all' || (BLOG_CATEGORIES as readonly string[]).includes(v), {
      message: `must be all or one of ${BLOG_CATEGORIES.join(', ')}`,
    }),
});

/** POST/PUT /api/admin/blog. An empty slug is generated from the title. */
export const blogPostWriteSchema = z
  .strictObject({
    ...readOnly,
    slug: z
      .string({ error: 'must be text' })
      .trim()
      .toLowerCase()
      .max(120, 'must be at most 120 characters')
      .nullish()
      .transform((v) => v ?? '')
      .refine((v) => v === '' || SLUG_PATTERN.test(v), 'must be lowercase letters, digits and single hyphens'),
    title: text(200).refine(noInvisibleCharacters, SINGLE_LINE_INVISIBLE_MESSAGE),
    excerpt: text(1000),
    content: text(100_000),
    category: blogCategorySchema,
    tags: listSchema(20, 40),
    imageUrl: safeUrlSchema,
    publishedAt: dateTimeSchema,
    status: statusWriteField,
    ...ignoredFields('updatedAt'),
  })
  .transform(withoutReadOnly);
export type BlogPostWrite = z.infer<typeof blogPostWriteSchema>;

// ---------------------------------------------------------------------------------------------------
// SEO

export const ROBOTS_DIRECTIVES = ['index,follow', 'index,nofollow', 'noindex,follow', 'noindex,nofollow'] as const;
export const robotsDirectiveSchema = z.enum(ROBOTS_DIRECTIVES, {
  error: `must be one of ${ROBOTS_DIRECTIVES.join('; ')}`,
});

/** An SEO key: the page path without its leading slash (`home`, `menu/coffee-classics`, `blog/:slug`). */
export const PAGE_KEY_PATTERN = /^:?[a-z0-9][a-z0-9_-]*(?:\/:?[a-z0-9][a-z0-9_-]*)*$/;

const pageKeySchema = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'is required' : 'must be text') })
  .trim()
  .toLowerCase()
  .transform((v) => v.replace(/^\/+|\/+$/g, ''))
  .pipe(
    z
      .string()
      .min(1, 'is required')
      .max(200, 'must be at most 200 characters')
      .regex(PAGE_KEY_PATTERN, "must be a page path without the leading '/', such as menu/coffee-classics"),
  );

const MAX_SCHEMA_MARKUP_CHARS = 50_000;
const MAX_SCHEMA_MARKUP_DEPTH = 32;
/** Keys that reach an object's prototype once the value is spread or merged into the page's JSON-LD. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * What is wrong with the shape of a JSON value, walked without recursion: a prototype key at any depth,
 * or nesting deeper than the request bodies' limit (docs/security.md, "Request bodies").
 */
function jsonShapeProblem(root: unknown): string | undefined {
  const stack: { value: unknown; depth: number }[] = [{ value: root, depth: 1 }];
  while (stack.length) {
    const { value, depth } = stack.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    if (depth > MAX_SCHEMA_MARKUP_DEPTH) return `must nest at most ${MAX_SCHEMA_MARKUP_DEPTH} levels`;
    for (const key of Object.keys(value)) {
      if (PROTOTYPE_KEYS.has(key)) return 'must not contain a __proto__, constructor or prototype key';
      stack.push({ value: (value as Record<string, unknown>)[key], depth: depth + 1 });
    }
  }
  return undefined;
}

/**
 * JSON-LD: a JSON object (or the form's JSON text of one, parsed and then checked exactly like an object),
 * or null/empty for none.
 */
export const schemaMarkupSchema = z
  .unknown()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return null;
    let value = v;
    if (typeof v === 'string') {
      if (v.length > MAX_SCHEMA_MARKUP_CHARS) {
        ctx.addIssue({ code: 'custom', message: `must be at most ${MAX_SCHEMA_MARKUP_CHARS} characters of JSON` });
        return z.NEVER;
      }
      try {
        value = JSON.parse(v);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be valid JSON' });
        return z.NEVER;
      }
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON object' });
      return z.NEVER;
    }
    const problem = jsonShapeProblem(value);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    if (JSON.stringify(value).length > MAX_SCHEMA_MARKUP_CHARS) {
      ctx.addIssue({ code: 'custom', message: `must be at most ${MAX_SCHEMA_MARKUP_CHARS} characters of JSON` });
      return z.NEVER;
    }
    return value as Record<string, unknown>;
  });

/** GET /api/seo/{pageKey} and the admin list. */
export const seoRecordSchema = z.object({
  id: z.number().int(),
  pageSlug: z.string(),
  title: z.string(),
  description: z.string(),
  keywords: z.string(),
  canonicalUrl: z.string().nullable(),
  ogTitle: z.string().nullable(),
  ogDescription: z.string().nullable(),
  ogImage: z.string().nullable(),
  robotsDirective: robotsDirectiveSchema,
  schemaMarkup: z.record(z.string(), z.unknown()).nullable(),
  isActive: z.boolean(),
  status: statusField,
});
export type SeoRecord = z.infer<typeof seoRecordSchema>;
export const seoRecordListSchema = z.array(seoRecordSchema);

const nullableText = (max: number) =>
  z
    .string({ error: 'must be text' })
    .trim()
    .max(max, `must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** POST/PUT /api/admin/seo. */
export const seoRecordWriteSchema = z
  .strictObject({
    ...readOnly,
    pageSlug: pageKeySchema,
    title: text(200).refine(noInvisibleCharacters, SINGLE_LINE_INVISIBLE_MESSAGE),
    description: text(500),
    keywords: optionalText(500).refine(noInvisibleCharacters, SINGLE_LINE_INVISIBLE_MESSAGE),
    canonicalUrl: safeUrlSchema,
    ogTitle: nullableText(200).refine(noInvisibleCharacters, SINGLE_LINE_INVISIBLE_MESSAGE),
    ogDescription: nullableText(500),
    ogImage: safeUrlSchema,
    robotsDirective: robotsDirectiveSchema.nullish().transform((v) => v ?? 'index,follow'),
    schemaMarkup: schemaMarkupSchema,
    isActive: z
      .boolean({ error: 'must be true or false' })
      .nullish()
      .transform((v) => v ?? true),
    status: statusWriteField,
  })
  .transform(withoutReadOnly);
export type SeoRecordWrite = z.infer<typeof seoRecordWriteSchema>;

// ---------------------------------------------------------------------------------------------------
// Page content

export const CONTENT_TYPES = ['text', 'html', 'markdown'] as const;
export const contentTypeSchema = z.enum(CONTENT_TYPES, { error: `must be one of ${CONTENT_TYPES.join(', ')}` });
export type ContentType = z.infer<typeof contentTypeSchema>;

/** An `html` section is sanitised by the content service when written and again when read. */
export const pageContentSectionSchema = z.object({
  id: z.number().int(),
  pageSlug: z.string(),
  sectionKey: z.string(),
  content: z.string(),
  contentType: contentTypeSchema,
  isActive: z.boolean(),
  status: statusField,
});
export type PageContentSection = z.infer<typeof pageContentSectionSchema>;
export const pageContentSectionListSchema = z.array(pageContentSectionSchema);

export const SECTION_KEY_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9._-]*$/;

/** POST/PUT /api/admin/page-content. */
export const pageContentWriteSchema = z
  .strictObject({
    ...readOnly,
    pageSlug: pageKeySchema,
    sectionKey: text(100).refine(
      (v) => SECTION_KEY_PATTERN.test(v),
      'must be letters, digits, dots, hyphens or underscores',
    ),
    content: text(100_000),
    contentType: contentTypeSchema.nullish().transform((v) => v ?? 'text'),
    isActive: z
      .boolean({ error: 'must be true or false' })
      .nullish()
      .transform((v) => v ?? true),
    status: statusWriteField,
  })
  .transform(withoutReadOnly);
export type PageContentWrite = z.infer<typeof pageContentWriteSchema>;

// ---------------------------------------------------------------------------------------------------
// Site settings

export const SITE_SETTING_CATEGORIES = ['general', 'contact', 'social', 'analytics', 'api'] as const;
export const siteSettingCategorySchema = z.enum(SITE_SETTING_CATEGORIES, {
  error: `must be one of ${SITE_SETTING_CATEGORIES.join(', ')}`,
});

export const siteSettingSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  value: z.string(),
  description: z.string(),
  category: siteSettingCategorySchema,
});
export type SiteSetting = z.infer<typeof siteSettingSchema>;
export const siteSettingListSchema = z.array(siteSettingSchema);

export const SETTING_KEY_PATTERN = /^[a-zA-Z][a-zA-Z0-9._-]*$/;

/** Keys whose value is put into a link or an image: the URL rule applies to them. */
export const isUrlSettingKey = (key: string) => /(url|image)$/i.test(key) || /^social\./i.test(key);

/**
 * Checks a setting's value by what its key means: links must be safe URLs, the contact address an
 * e-mail, the analytics id an id (it ends up in a script URL). Empty values pass here.
 */
export function settingValueProblem(key: string, value: string): string | undefined {
  if (value === '') return undefined;
  if (isUrlSettingKey(key) && !isSafeUrl(value.replaceAll('{query}', 'q'))) return URL_MESSAGE;
  if (key === 'contactEmail' && !z.email().safeParse(value).success) return 'must be an e-mail address';
  if (key === 'analyticsMeasurementId' && !/^[A-Z]{1,3}-[A-Z0-9-]{2,30}$/i.test(value)) {
    return 'must be a measurement id such as G-XXXXXXX';
  }
  return undefined;
}

const settingWriteShape = {
  ...readOnly,
  key: text(100).refine(
    (v) => SETTING_KEY_PATTERN.test(v),
    'must start with a letter: letters, digits, dots, hyphens, underscores',
  ),
  value: text(10_000),
  description: optionalText(500),
  category: siteSettingCategorySchema.nullish().transform((v) => v ?? 'general'),
};

function checkSettingValue(v: { key: string; value: string }, ctx: z.RefinementCtx) {
  const problem = settingValueProblem(v.key, v.value);
  if (problem) ctx.addIssue({ code: 'custom', path: ['value'], message: problem });
}

/** POST/PUT /api/admin/site-settings: key and value required (docs/decisions.md, "Input rules"). */
export const siteSettingWriteSchema = z
  .strictObject(settingWriteShape)
  .superRefine(checkSettingValue)
  .transform(withoutReadOnly);
export type SiteSettingWrite = z.infer<typeof siteSettingWriteSchema>;

/** The seed may carry empty values (an unset analytics id, placeholder social links). */
export const siteSettingSeedSchema = z
  .strictObject({ ...settingWriteShape, value: z.string().trim().max(10_000) })
  .superRefine(checkSettingValue)
  .transform(withoutReadOnly);

/** What a visitor's page needs: every setting not of category `api`, as key -> value text. */
export const publicSiteSettingsSchema = z.record(z.string(), z.string());
export type PublicSiteSettingsMap = z.infer<typeof publicSiteSettingsSchema>;

/** GET /api/site: the public settings and every active page section, in one cached call. */
export const siteBundleSchema = z.object({
  settings: publicSiteSettingsSchema,
  pageContent: z.record(
    z.string(),
    z.record(z.string(), z.object({ content: z.string(), contentType: contentTypeSchema })),
  ),
  /** The data's figures and as-of dates (docs/data/figures.md); the sections' figure tokens are already filled. */
  figures: siteFiguresSchema.optional(),
});
export type SiteBundle = z.infer<typeof siteBundleSchema>;

// ---------------------------------------------------------------------------------------------------
// Contact

export const contactSubjectSchema = z.enum(CONTACT_SUBJECTS, {
  error: `must be one of: ${CONTACT_SUBJECTS.join(', ')}`,
});
export type ContactSubject = z.infer<typeof contactSubjectSchema>;

export const contactEmailSchema = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'is required' : 'must be text') })
  .trim()
  .min(1, 'is required')
  .max(254, 'must be at most 254 characters')
  .refine(noInvisibleCharacters, SINGLE_LINE_INVISIBLE_MESSAGE)
  .pipe(z.email('must be a valid e-mail address'));

/** POST /api/contact. `submittedAt` is accepted and ignored (the server stamps the time). */
export const contactMessageInputSchema = z
  .strictObject({
    name: text(100)
      .refine((v) => !CONTROL_CHARS.test(v), 'must be a single line of text')
      .refine(noInvisibleCharacters, SINGLE_LINE_INVISIBLE_MESSAGE),
    email: contactEmailSchema,
    subject: contactSubjectSchema,
    message: text(5000).refine((v) => !CONTROL_CHARS_EXCEPT_NEWLINES.test(v), 'must not contain control characters'),
    /** The page a report-an-error link was followed from (a path of this site). */
    page: z
      .string({ error: 'must be text' })
      .trim()
      .max(300, 'must be at most 300 characters')
      .regex(SITE_PATH_PATTERN, 'must be a path of this site such as /menu/faves/golden-eagle')
      .optional(),
    /** The item it is about: drink:<id> or stand:<id>. */
    item: z
      .string({ error: 'must be text' })
      .regex(CORRECTION_ITEM_PATTERN, 'must name a drink or a stand such as drink:12')
      .optional(),
    submittedAt: z.unknown().optional(),
    [CONTACT_HONEYPOT_FIELD]: z.string().max(0, 'must be empty').optional(),
  })
  .transform(({ name, email, subject, message, page, item }) => ({
    name,
    email,
    subject,
    message,
    ...(page ? { page } : {}),
    ...(item ? { item } : {}),
  }));
export type ContactMessageInput = z.infer<typeof contactMessageInputSchema>;

/** 202 answer of POST /api/contact: the id of the queued job (deterministic for a repeated request). */
export const contactAcceptedSchema = z.object({ id: z.string() });
export type ContactAccepted = z.infer<typeof contactAcceptedSchema>;

/** GET /api/admin/messages. */
export const contactMessageSchema = z.object({
  id: z.string(),
  jobId: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  submittedAt: z.string(),
  handled: z.boolean(),
  notifiedAt: z.string().nullable(),
  /** A report-an-error message's page and item (`drink:12`, `stand:7`); null otherwise. */
  page: z.string().nullable().optional(),
  item: z.string().nullable().optional(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;
export const contactMessageListSchema = z.array(contactMessageSchema);

/** PATCH /api/admin/messages/{id}. */
export const contactMessageUpdateSchema = z
  .strictObject({ ...readOnly, handled: z.boolean({ error: 'must be true or false' }) })
  .transform(withoutReadOnly);

/** GET /api/admin/jobs/failed. */
export const failedJobSchema = z.object({
  id: z.string(),
  queue: z.string(),
  name: z.string(),
  failedReason: z.string(),
  attemptsMade: z.number().int(),
  createdAt: z.string(),
  failedAt: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
});
export type FailedJob = z.infer<typeof failedJobSchema>;
export const failedJobListSchema = z.array(failedJobSchema);
