import type { PublicSiteSettingsMap, SiteSetting, SiteSettingWrite } from '@coffee-guide/contracts';
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

  async create(input: SiteSettingWrite): Promise<SiteSetting> {
    try {
      return toSiteSetting(await this.repo.save(this.repo.create(input)));
    } catch (error) {
      rethrowUniqueViolation(error, KEY_TAKEN);
    }
  }

  async update(id: number, input: SiteSettingWrite): Promise<SiteSetting> {
    const row = await this.repo.findOne({ where: { id } });
    if (!row) throw new NotFoundException(`No site setting with id ${id}`);
    Object.assign(row, input);
    try {
      return toSiteSetting(await this.repo.save(row));
    } catch (error) {
      rethrowUniqueViolation(error, KEY_TAKEN);
    }
  }

  async remove(id: number): Promise<void> {
    const result = await this.repo.delete({ id });
    if (!result.affected) throw new NotFoundException(`No site setting with id ${id}`);
  }
}
