import {
  ADMIN_ROW_NAMES,
  type PageContentSection,
  type PageContentWrite,
  pageContentCsv,
  pageContentWriteSchema,
} from '@coffee-guide/contracts';
import type { AuditActor } from '@coffee-guide/nest-common';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuditedTable } from '../common/audited-table';
import { cleanContent } from '../common/sanitize';
import { PageSectionEntity } from './page-section.entity';
import { toPageContentSection } from './page-content.mapper';

const SECTION_TAKEN = {
  uq_page_sections_page_section: { field: 'sectionKey', message: 'already exists on this page' },
};

@Injectable()
export class PageContentService {
  private readonly writes: AuditedTable<PageSectionEntity, PageContentSection>;

  constructor(@InjectDataSource() private readonly db: DataSource) {
    this.writes = new AuditedTable(db, {
      entity: PageSectionEntity,
      auditEntity: 'page-content',
      name: ADMIN_ROW_NAMES.pageContent,
      toRecord: toPageContentSection,
      uniqueKeys: SECTION_TAKEN,
    });
  }

  private get repo() {
    return this.db.getRepository(PageSectionEntity);
  }

  /** Active, published sections of one page, or of every page, in page and section order. */
  async listActive(pageSlug: string | undefined): Promise<PageContentSection[]> {
    const rows = await this.repo.find({
      where: { isActive: true, status: 'published', ...(pageSlug ? { pageSlug } : {}) },
      order: { pageSlug: 'ASC', sectionKey: 'ASC' },
    });
    return rows.map(toPageContentSection);
  }

  async listAll(): Promise<PageContentSection[]> {
    return (await this.repo.find({ order: { pageSlug: 'ASC', sectionKey: 'ASC' } })).map(toPageContentSection);
  }

  /** Admin writes: each in one transaction with its audit row. */
  /** CSV import: sections matched by page and section key; html sanitised as on every write. */
  readonly csvImporter = () =>
    this.writes.csvImporter(pageContentCsv, pageContentWriteSchema, (input) => this.fields(input));

  create(actor: AuditActor, input: PageContentWrite): Promise<PageContentSection> {
    return this.writes.create(actor, () => this.fields(input));
  }

  update(actor: AuditActor, id: number, input: PageContentWrite): Promise<PageContentSection> {
    return this.writes.update(actor, id, () => this.fields(input));
  }

  remove(actor: AuditActor, id: number): Promise<{ id: number; deleted: true }> {
    return this.writes.remove(actor, id);
  }

  /** html is sanitised before it is stored. */
  private fields(input: PageContentWrite) {
    return { ...input, content: cleanContent(input.contentType, input.content) };
  }
}
