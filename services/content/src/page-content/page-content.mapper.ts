import type { PageContentSection } from '@coffee-guide/contracts';
import { cleanContent } from '../common/sanitize';
import type { PageSectionEntity } from './page-section.entity';

/** An html section is sanitised again on the way out. */
export function toPageContentSection(row: PageSectionEntity): PageContentSection {
  return {
    id: row.id,
    pageSlug: row.pageSlug,
    sectionKey: row.sectionKey,
    content: cleanContent(row.contentType, row.content),
    contentType: row.contentType as PageContentSection['contentType'],
    isActive: row.isActive,
    status: row.status ?? 'published',
  };
}
