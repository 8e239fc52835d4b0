import type { PublicSiteSettingsMap, SiteSetting, SiteSettingWrite } from '@coffee-guide/contracts';
import { type AuditActor, recordAudit } from '@coffee-guide/nest-common';
import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, Not } from 'typeorm';
import { rethrowUniqueViolation } from '../common/db-errors';
import { SiteSettingEntity } from './site-setting.entity';
import { toSiteSetting } from './site-settings.mapper';

const KEY_TAKEN = { uq_site_settings_key: { field: 'key', message: 'already exists' } };

/** Settings of this category never leave the service's admin side. */
export const PRIVATE_CATEGORY = 'api';

@Injectable()
export class SiteSettingsService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private get repo() {
    return this.db.getRepository(SiteSettingEntity);
  }

  /** What a visitor's page needs, as one flat object: every setting not of category `api`. */
  async publicSettings(): Promise<PublicSiteSettingsMap> {
    const rows = await this.repo.find({ where: { category: Not(PRIVATE_CATEGORY) }, order: { key: 'ASC' } });
    const out: PublicSiteSettingsMap = {};
    for (const row of rows) out[row.key] = row.value;
    return out;
  }

  async value(key: string): Promise<string | undefined> {
    return (await this.repo.findOne({ where: { key } }))?.value;
  }

  async listAll(): Promise<SiteSetting[]> {
    return (await this.repo.find({ order: { category: 'ASC', key: 'ASC' } })).map(toSiteSetting);
  }

  /** Admin writes: each in one transaction with its audit row. */
  async create(actor: AuditActor, input: SiteSettingWrite): Promise<SiteSetting> {
    try {
      return await this.db.transaction(async (m) => {
        const after = toSiteSetting(await m.save(SiteSettingEntity, m.create(SiteSettingEntity, input)));
        await recordAudit(m, actor, { entity: 'site-setting', entityId: after.id, action: 'create', before: null, after });
        return after;
      });
    } catch (error) {
      rethrowUniqueViolation(error, KEY_TAKEN);
    }
  }

  async update(actor: AuditActor, id: number, input: SiteSettingWrite): Promise<SiteSetting> {
    try {
      return await this.db.transaction(async (m) => {
        const row = await m.findOne(SiteSettingEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
        if (!row) throw new NotFoundException(`No site setting with id ${id}`);
        const before = toSiteSetting(row);
        Object.assign(row, input);
        const after = toSiteSetting(await m.save(SiteSettingEntity, row));
        await recordAudit(m, actor, { entity: 'site-setting', entityId: id, action: 'update', before, after });
        return after;
      });
    } catch (error) {
      rethrowUniqueViolation(error, KEY_TAKEN);
    }
  }

  async remove(actor: AuditActor, id: number): Promise<{ id: number; deleted: true }> {
    return this.db.transaction(async (m) => {
      const row = await m.findOne(SiteSettingEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw new NotFoundException(`No site setting with id ${id}`);
      await m.delete(SiteSettingEntity, { id });
      await recordAudit(m, actor, { entity: 'site-setting', entityId: id, action: 'delete', before: toSiteSetting(row), after: null });
      return { id, deleted: true as const };
    });
  }
}
