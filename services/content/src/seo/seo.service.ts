import type { SeoRecord, SeoRecordWrite } from '@coffee-guide/contracts';
import { type AuditActor, recordAudit } from '@coffee-guide/nest-common';
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

  /** Admin writes: each in one transaction with its audit row. */
  async create(actor: AuditActor, input: SeoRecordWrite): Promise<SeoRecord> {
    try {
      return await this.db.transaction(async (m) => {
        const after = toSeoRecord(await m.save(SeoSettingEntity, m.create(SeoSettingEntity, input)));
        await recordAudit(m, actor, { entity: 'seo', entityId: after.id, action: 'create', before: null, after });
        return after;
      });
    } catch (error) {
      rethrowUniqueViolation(error, KEY_TAKEN);
    }
  }

  async update(actor: AuditActor, id: number, input: SeoRecordWrite): Promise<SeoRecord> {
    try {
      return await this.db.transaction(async (m) => {
        const row = await m.findOne(SeoSettingEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
        if (!row) throw new NotFoundException(`No SEO record with id ${id}`);
        const before = toSeoRecord(row);
        Object.assign(row, input);
        const after = toSeoRecord(await m.save(SeoSettingEntity, row));
        await recordAudit(m, actor, { entity: 'seo', entityId: id, action: 'update', before, after });
        return after;
      });
    } catch (error) {
      rethrowUniqueViolation(error, KEY_TAKEN);
    }
  }

  async remove(actor: AuditActor, id: number): Promise<{ id: number; deleted: true }> {
    return this.db.transaction(async (m) => {
      const row = await m.findOne(SeoSettingEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw new NotFoundException(`No SEO record with id ${id}`);
      await m.delete(SeoSettingEntity, { id });
      await recordAudit(m, actor, { entity: 'seo', entityId: id, action: 'delete', before: toSeoRecord(row), after: null });
      return { id, deleted: true as const };
    });
  }
}
