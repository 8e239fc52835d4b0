import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import {
  blogPostWriteSchema,
  pageContentWriteSchema,
  seoRecordWriteSchema,
  siteSettingSeedSchema,
} from '@coffee-guide/contracts';
import { slugify } from '@coffee-guide/domain';
import { insertWithIds, resetSequence, withSeedIds } from '@coffee-guide/nest-common/typeorm';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { BlogPostEntity } from '../blog/blog-post.entity';
import { cleanContent } from '../common/sanitize';
import { PageSectionEntity } from '../page-content/page-section.entity';
import { SeoSettingEntity } from '../seo/seo-setting.entity';
import { SiteSettingEntity } from '../site-settings/site-setting.entity';

/*
 * The committed seed files, validated leniently in shape (a bare array, or an object holding the array
 * under a usual name beside a description) and strictly in content (the same rules as the admin forms:
 * enums, safe URLs, JSON-object schema markup, unique keys).
 */

export const SEED_FILES = {
  blog: 'blog-posts.json',
  seo: 'seo.json',
  settings: 'site-settings.json',
  pages: 'page-content.json',
} as const;

const ARRAY_KEYS = ['records', 'posts', 'settings', 'sections', 'items', 'data'];

/** The array of records in a seed file: the file itself, or the one array property of its object. */
function recordsOf(file: string, json: unknown): unknown[] {
  if (Array.isArray(json)) return json;
  if (json && typeof json === 'object') {
    for (const key of ARRAY_KEYS) {
      const value = (json as Record<string, unknown>)[key];
      if (Array.isArray(value)) return value;
    }
  }
  throw new Error(`${file}: expected an array of records, or an object with one of ${ARRAY_KEYS.join(', ')}`);
}

function uniqueBy<T>(label: string, key: (t: T) => string) {
  return (list: T[], ctx: z.RefinementCtx) => {
    const seen = new Set<string>();
    list.forEach((item, index) => {
      const k = key(item);
      if (seen.has(k)) ctx.addIssue({ code: 'custom', path: [index], message: `duplicate ${label} "${k}"` });
      seen.add(k);
    });
  };
}

const blogSeedSchema = z
  .array(blogPostWriteSchema)
  .transform((posts) => posts.map((p) => ({ ...p, slug: p.slug || slugify(p.title) })))
  .superRefine(uniqueBy('slug', (p) => p.slug));
const seoSeedSchema = z.array(seoRecordWriteSchema).superRefine(uniqueBy('pageSlug', (r) => r.pageSlug));
const settingsSeedSchema = z.array(siteSettingSeedSchema).superRefine(uniqueBy('key', (s) => s.key));
const pagesSeedSchema = z
  .array(pageContentWriteSchema)
  .superRefine(uniqueBy('pageSlug + sectionKey', (s) => `${s.pageSlug}#${s.sectionKey}`));

export interface ContentSeed {
  blog: z.infer<typeof blogSeedSchema>;
  seo: z.infer<typeof seoSeedSchema>;
  settings: z.infer<typeof settingsSeedSchema>;
  pages: z.infer<typeof pagesSeedSchema>;
}

async function readOne<T extends z.ZodType>(dir: string, file: string, schema: T): Promise<z.infer<T>> {
  const full = path.join(dir, file);
  if (!existsSync(full)) return [] as z.infer<T>;
  const result = schema.safeParse(recordsOf(file, JSON.parse(await readFile(full, 'utf8'))));
  if (!result.success) {
    const lines = result.error.issues.slice(0, 20).map((i) => `  - [${i.path.join('.')}] ${i.message}`);
    throw new Error(`${full} is not valid:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** Reads and validates the four seed files of a folder; a missing file seeds nothing of its kind. */
export async function readContentSeed(dir: string): Promise<ContentSeed> {
  const [blog, seo, settings, pages] = await Promise.all([
    readOne(dir, SEED_FILES.blog, blogSeedSchema),
    readOne(dir, SEED_FILES.seo, seoSeedSchema),
    readOne(dir, SEED_FILES.settings, settingsSeedSchema),
    readOne(dir, SEED_FILES.pages, pagesSeedSchema),
  ]);
  return { blog, seo, settings, pages };
}

/**
 * Seeds an empty content database in one transaction, exactly: the records are numbered 1..n in the
 * order of their seed file and every sequence is set past the highest id afterwards, whatever it stood
 * at (a start cut off mid-seed leaves moved sequences behind, never rows). A database with any post, SEO
 * record, section or setting is left as it is (an administrator's deletions stay deleted across restarts).
 */
export async function seedContent(dataSource: DataSource, seed: ContentSeed): Promise<boolean> {
  return dataSource.transaction(async (m) => {
    // One connection in a transaction: one query at a time.
    for (const entity of [BlogPostEntity, SeoSettingEntity, PageSectionEntity, SiteSettingEntity]) {
      if ((await m.count(entity)) > 0) return false;
    }
    await insertWithIds(
      m,
      BlogPostEntity,
      withSeedIds(seed.blog.map((p) => ({ ...p, publishedAt: new Date(p.publishedAt) }))),
    );
    await insertWithIds(m, SeoSettingEntity, withSeedIds(seed.seo));
    await insertWithIds(
      m,
      PageSectionEntity,
      withSeedIds(seed.pages.map((s) => ({ ...s, content: cleanContent(s.contentType, s.content) }))),
    );
    await insertWithIds(m, SiteSettingEntity, withSeedIds(seed.settings));
    for (const table of ['blog_posts', 'seo_settings', 'page_sections', 'site_settings']) await resetSequence(m, table);
    return true;
  });
}
