import type { SeoRecord, SeoRecordWrite } from '@coffee-guide/contracts';
import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { rethrowUniqueViolation } from '../common/db-errors';
import { SeoSettingEntity } from './seo-setting.entity';
import { toSeoRecord } from './seo.mapper';

const KEY_TAKEN = { uq_seo_settings_page_slug: { field: 'pageSlug', message: 'already has an SEO record' } };

@Injectable()
export class SeoService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private get repo() {
    return this.db.getRepository(SeoSettingEntity);
  }

  /** The active record of a page key; none (or inactive) is a 404 and the frontend uses its defaults. */
  async getActive(pageKey: string): Promise<SeoRecord> {
    const row = await this.repo.findOne({ where: { pageSlug: pageKey, isActive: true } });
    if (!row) throw new NotFoundException(`No SEO record for "${pageKey}"`);
    return toSeoRecord(row);
  }

  async listAll(): Promise<SeoRecord[]> {
    return (await this.repo.find({ order: { pageSlug: 'ASC' } })).map(toSeoRecord);
  }

  async create(input: SeoRecordWrite): Promise<SeoRecord> {
    try {
      return toSeoRecord(await this.repo.save(this.repo.create(input)));
    } catch (error) {
      rethrowUniqueViolation(error, KEY_TAKEN);
    }
  }

  async update(id: number, input: SeoRecordWrite): Promise<SeoRecord> {
    const row = await this.repo.findOne({ where: { id } });
    if (!row) throw new NotFoundException(`No SEO record with id ${id}`);
    Object.assign(row, input);
    try {
      return toSeoRecord(await this.repo.save(row));
    } catch (error) {
      rethrowUniqueViolation(error, KEY_TAKEN);
    }
  }

  async remove(id: number): Promise<void> {
    const result = await this.repo.delete({ id });
    if (!result.affected) throw new NotFoundException(`No SEO record with id ${id}`);
  }
}
