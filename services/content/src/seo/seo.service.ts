import {
  ADMIN_ROW_NAMES,
  type SeoRecord,
  type SeoRecordWrite,
  seoCsv,
  seoRecordWriteSchema,
} from '@coffee-guide/contracts';
import type { AuditActor } from '@coffee-guide/nest-common';
import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuditedTable } from '../common/audited-table';
import { SeoSettingEntity } from './seo-setting.entity';
import { toSeoRecord } from './seo.mapper';

const KEY_TAKEN = { uq_seo_settings_page_slug: { field: 'pageSlug', message: 'already has an SEO record' } };

@Injectable()
export class SeoService {
  private readonly writes: AuditedTable<SeoSettingEntity, SeoRecord>;

  constructor(@InjectDataSource() private readonly db: DataSource) {
    this.writes = new AuditedTable(db, {
      entity: SeoSettingEntity,
      auditEntity: 'seo',
      name: ADMIN_ROW_NAMES.seo,
      toRecord: toSeoRecord,
      uniqueKeys: KEY_TAKEN,
    });
  }

  private get repo() {
    return this.db.getRepository(SeoSettingEntity);
  }

  /** The active, published record of a page key; none (inactive, a draft) is a 404 and the frontend uses its defaults. */
  async getActive(pageKey: string): Promise<SeoRecord> {
    const row = await this.repo.findOne({ where: { pageSlug: pageKey, isActive: true, status: 'published' } });
    if (!row) throw new NotFoundException(`No SEO record for "${pageKey}"`);
    return toSeoRecord(row);
  }

  async listAll(): Promise<SeoRecord[]> {
    return (await this.repo.find({ order: { pageSlug: 'ASC' } })).map(toSeoRecord);
  }

  /** Admin writes: each in one transaction with its audit row. */
  /** CSV import: records matched by their page key. */
  readonly csvImporter = () => this.writes.csvImporter(seoCsv, seoRecordWriteSchema, (input) => input);

  create(actor: AuditActor, input: SeoRecordWrite): Promise<SeoRecord> {
    return this.writes.create(actor, () => input);
  }

  update(actor: AuditActor, id: number, input: SeoRecordWrite): Promise<SeoRecord> {
    return this.writes.update(actor, id, () => input);
  }

  remove(actor: AuditActor, id: number): Promise<{ id: number; deleted: true }> {
    return this.writes.remove(actor, id);
  }
}
