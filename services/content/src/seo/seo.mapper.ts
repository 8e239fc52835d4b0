import type { SeoRecord } from '@coffee-guide/contracts';
import type { SeoSettingEntity } from './seo-setting.entity';

export function toSeoRecord(row: SeoSettingEntity): SeoRecord {
  return {
    id: row.id,
    pageSlug: row.pageSlug,
    title: row.title,
    description: row.description,
    keywords: row.keywords,
    canonicalUrl: row.canonicalUrl,
    ogTitle: row.ogTitle,
    ogDescription: row.ogDescription,
    ogImage: row.ogImage,
    robotsDirective: row.robotsDirective as SeoRecord['robotsDirective'],
    schemaMarkup: row.schemaMarkup,
    isActive: row.isActive,
    status: row.status ?? 'published',
  };
}
