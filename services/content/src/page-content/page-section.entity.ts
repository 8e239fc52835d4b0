import type { PublishStatus } from '@coffee-guide/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, Unique, UpdateDateColumn } from 'typeorm';

@Entity('page_sections')
@Unique('uq_page_sections_page_section', ['pageSlug', 'sectionKey'])
export class PageSectionEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'page_slug', type: 'varchar', length: 200 })
  pageSlug!: string;

  @Column({ name: 'section_key', type: 'varchar', length: 100 })
  sectionKey!: string;

  /** For `html`, already sanitised when written (and sanitised again when read). */
  @Column({ type: 'text' })
  content!: string;

  @Column({ name: 'content_type', type: 'varchar', length: 10, default: 'text' })
  contentType!: string;

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
