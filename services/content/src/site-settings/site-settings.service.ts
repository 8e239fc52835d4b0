import {
  ADMIN_ROW_NAMES,
  type PublicSiteSettingsMap,
  type SiteSetting,
  type SiteSettingWrite,
} from '@coffee-guide/contracts';
import type { AuditActor } from '@coffee-guide/nest-common';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, Not } from 'typeorm';
import { AuditedTable } from '../common/audited-table';
import { SiteSettingEntity } from './site-setting.entity';
import { toSiteSetting } from './site-settings.mapper';

const KEY_TAKEN = { uq_site_settings_key: { field: 'key', message: 'already exists' } };

/** Settings of this category never leave the service's admin side. */
export const PRIVATE_CATEGORY = 'api';

@Injectable()
export class SiteSettingsService {
  private readonly writes: AuditedTable<SiteSettingEntity, SiteSetting>;

  constructor(@InjectDataSource() private readonly db: DataSource) {
    this.writes = new AuditedTable(db, {
      entity: SiteSettingEntity,
      auditEntity: 'site-setting',
      name: ADMIN_ROW_NAMES.siteSettings,
      toRecord: toSiteSetting,
      uniqueKeys: KEY_TAKEN,
    });
  }

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
  create(actor: AuditActor, input: SiteSettingWrite): Promise<SiteSetting> {
    return this.writes.create(actor, () => input);
  }

  update(actor: AuditActor, id: number, input: SiteSettingWrite): Promise<SiteSetting> {
    return this.writes.update(actor, id, () => input);
  }

  remove(actor: AuditActor, id: number): Promise<{ id: number; deleted: true }> {
    return this.writes.remove(actor, id);
  }
}
