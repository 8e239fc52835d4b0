import type { PublishStatus } from '@coffee-guide/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, Unique, UpdateDateColumn } from 'typeorm';

@Entity('blog_posts')
@Unique('uq_blog_posts_slug', ['slug'])
export class BlogPostEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 120 })
  slug!: string;

  @Column({ type: 'varchar', length: 200 })
  title!: string;

  @Column({ type: 'text' })
  excerpt!: string;

  /** Plain text as the administrator wrote it; the frontend renders it as text paragraphs. */
  @Column({ type: 'text' })
  content!: string;

  @Column({ type: 'varchar', length: 20 })
  category!: string;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  tags!: string[];

  @Column({ name: 'image_url', type: 'varchar', length: 2000, nullable: true })
  imageUrl!: string | null;

  @Column({ name: 'published_at', type: 'timestamptz' })
  publishedAt!: Date;

  /** `draft` or `published` (docs/web.md, "Drafts and previews"): a draft is in no public answer. */
  @Column({ type: 'varchar', length: 10, default: 'published' })
  status!: PublishStatus;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
