import type { PageContentSection, PageContentWrite } from '@coffee-guide/contracts';
import { type AuditActor, recordAudit } from '@coffee-guide/nest-common';
import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { rethrowUniqueViolation } from '../common/db-errors';
import { cleanContent } from '../common/sanitize';
import { PageSectionEntity } from './page-section.entity';
import { toPageContentSection } from './page-content.mapper';

const SECTION_TAKEN = {
  uq_page_sections_page_section: { field: 'sectionKey', message: 'already exists on this page' },
};

@Injectable()
export class PageContentService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private get repo() {
    return this.db.getRepository(PageSectionEntity);
  }

  /** Active sections of one page, or of every page, in page and section order. */
  async listActive(pageSlug: string | undefined): Promise<PageContentSection[]> {
    const rows = await this.repo.find({
      where: { isActive: true, ...(pageSlug ? { pageSlug } : {}) },
      order: { pageSlug: 'ASC', sectionKey: 'ASC' },
    });
    return rows.map(toPageContentSection);
  }

  async listAll(): Promise<PageContentSection[]> {
    return (await this.repo.find({ order: { pageSlug: 'ASC', sectionKey: 'ASC' } })).map(toPageContentSection);
  }

  /** Admin writes: each in one transaction with its audit row. */
  async create(actor: AuditActor, input: PageContentWrite): Promise<PageContentSection> {
    try {
      return await this.db.transaction(async (m) => {
        const after = toPageContentSection(await m.save(PageSectionEntity, m.create(PageSectionEntity, this.fields(input))));
        await recordAudit(m, actor, { entity: 'page-content', entityId: after.id, action: 'create', before: null, after });
        return after;
      });
    } catch (error) {
      rethrowUniqueViolation(error, SECTION_TAKEN);
    }
  }

  async update(actor: AuditActor, id: number, input: PageContentWrite): Promise<PageContentSection> {
    try {
      return await this.db.transaction(async (m) => {
        const row = await m.findOne(PageSectionEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
        if (!row) throw new NotFoundException(`No page content section with id ${id}`);
        const before = toPageContentSection(row);
        Object.assign(row, this.fields(input));
        const after = toPageContentSection(await m.save(PageSectionEntity, row));
        await recordAudit(m, actor, { entity: 'page-content', entityId: id, action: 'update', before, after });
        return after;
      });
    } catch (error) {
      rethrowUniqueViolation(error, SECTION_TAKEN);
    }
  }

  async remove(actor: AuditActor, id: number): Promise<{ id: number; deleted: true }> {
    return this.db.transaction(async (m) => {
      const row = await m.findOne(PageSectionEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw new NotFoundException(`No page content section with id ${id}`);
      await m.delete(PageSectionEntity, { id });
      await recordAudit(m, actor, { entity: 'page-content', entityId: id, action: 'delete', before: toPageContentSection(row), after: null });
      return { id, deleted: true as const };
    });
  }

  /** html is sanitised before it is stored. */
  private fields(input: PageContentWrite) {
    return { ...input, content: cleanContent(input.contentType, input.content) };
  }
}
