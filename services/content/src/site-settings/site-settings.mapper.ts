import type { SiteSetting } from '@coffee-guide/contracts';
import type { SiteSettingEntity } from './site-setting.entity';

export function toSiteSetting(row: SiteSettingEntity): SiteSetting {
  return {
    id: row.id,
    key: row.key,
    value: row.value,
    description: row.description,
    category: row.category as SiteSetting['category'],
  };
}
