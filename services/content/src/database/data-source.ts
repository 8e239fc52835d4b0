import 'reflect-metadata';
import { postgresOptions } from '@coffee-guide/nest-common/typeorm';
import { DataSource } from 'typeorm';
import { BlogPostEntity } from '../blog/blog-post.entity';
import { ContactMessageEntity } from '../contact/contact-message.entity';
import { ContactNotificationEntity } from '../contact/contact-notification.entity';
import { PageSectionEntity } from '../page-content/page-section.entity';
import { SeoSettingEntity } from '../seo/seo-setting.entity';
import { SiteSettingEntity } from '../site-settings/site-setting.entity';
import { InitContent1763800000000 } from './migrations/1763800000000-init-content';
import { ContactCorrection1764100000000 } from './migrations/1764100000000-contact-correction';
import { AuditLogShape1764600000000 } from './migrations/1764600000000-audit-log-shape';
import { Revisions1765100000000 } from './migrations/1765100000000-revisions';
import { Drafts1764700000000 } from './migrations/1764700000000-drafts';
import { Media1765300000000 } from './migrations/1765300000000-media';

export const CONTENT_ENTITIES = [
  BlogPostEntity,
  SeoSettingEntity,
  PageSectionEntity,
  SiteSettingEntity,
  ContactMessageEntity,
  ContactNotificationEntity,
];
export const CONTENT_MIGRATIONS = [
  InitContent1763800000000,
  ContactCorrection1764100000000,
  AuditLogShape1764600000000,
  Revisions1765100000000,
  Drafts1764700000000,
  Media1765300000000,
];

export function contentDataSourceOptions(url: string, poolSize?: number, queryTimeoutMs?: number) {
  return postgresOptions({ url, entities: CONTENT_ENTITIES, migrations: CONTENT_MIGRATIONS, poolSize, queryTimeoutMs });
}

/** For the TypeORM CLI: `npx typeorm migration:show -d services/content/dist/database/data-source.js`. */
export default new DataSource(
  contentDataSourceOptions(process.env.CONTENT_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/coffee_content'),
);
