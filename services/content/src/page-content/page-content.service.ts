import type { PageContentSection, PageContentWrite } from '@coffee-guide/contracts';
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

  async create(input: PageContentWrite): Promise<PageContentSection> {
    try {
      return toPageContentSection(await this.repo.save(this.repo.create(this.fields(input))));
    } catch (error) {
      rethrowUniqueViolation(error, SECTION_TAKEN);
    }
  }

  async update(id: number, input: PageContentWrite): Promise<PageContentSection> {
    const row = await this.repo.findOne({ where: { id } });
    if (!row) throw new NotFoundException(`No page content section with id ${id}`);
    Object.assign(row, this.fields(input));
    try {
      return toPageContentSection(await this.repo.save(row));
    } catch (error) {
      rethrowUniqueViolation(error, SECTION_TAKEN);
    }
  }

  async remove(id: number): Promise<void> {
    const result = await this.repo.delete({ id });
    if (!result.affected) throw new NotFoundException(`No page content section with id ${id}`);
  }

  /** html is sanitised before it is stored. */
  private fields(input: PageContentWrite) {
    return { ...input, content: cleanContent(input.contentType, input.content) };
  }
}
