import type { PublishStatus } from '@coffee-guide/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, Unique, UpdateDateColumn } from 'typeorm';

@Entity('seo_settings')
@Unique('uq_seo_settings_page_slug', ['pageSlug'])
export class SeoSettingEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  /** The page's path without its leading slash: `home`, `menu/coffee-classics`, `blog/:slug`. */
  @Column({ name: 'page_slug', type: 'varchar', length: 200 })
  pageSlug!: string;

  @Column({ type: 'varchar', length: 200 })
  title!: string;

  @Column({ type: 'varchar', length: 500 })
  description!: string;

  @Column({ type: 'varchar', length: 500, default: '' })
  keywords!: string;

  @Column({ name: 'canonical_url', type: 'varchar', length: 2000, nullable: true })
  canonicalUrl!: string | null;

  @Column({ name: 'og_title', type: 'varchar', length: 200, nullable: true })
  ogTitle!: string | null;

  @Column({ name: 'og_description', type: 'varchar', length: 500, nullable: true })
  ogDescription!: string | null;

  @Column({ name: 'og_image', type: 'varchar', length: 2000, nullable: true })
  ogImage!: string | null;

  @Column({ name: 'robots_directive', type: 'varchar', length: 20, default: 'index,follow' })
  robotsDirective!: string;

  @Column({ name: 'schema_markup', type: 'jsonb', nullable: true })
  schemaMarkup!: Record<string, unknown> | null;

  @Column({ name: 'is_active', default: true })
  isActive!: boolean;

  /** `draft` or `published` (docs/web.md, "Drafts and previews"): a draft is in no public answer. */
  @Column({ type: 'varchar', length: 10, default: 'published' })
  status!: PublishStatus;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
