import {
  ADMIN_ROW_NAMES,
  type BlogPost,
  type BlogPostWrite,
  blogCsv,
  blogPostWriteSchema,
} from '@coffee-guide/contracts';
import { slugify } from '@coffee-guide/domain';
import { type AuditActor } from '@coffee-guide/nest-common';
import { likeLiteral } from '@coffee-guide/nest-common/typeorm';
import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, LessThanOrEqual } from 'typeorm';
import { AuditedTable } from '../common/audited-table';
import { sanitizeMarkdown } from '../common/sanitize';
import { BlogPostEntity } from './blog-post.entity';
import { toBlogPost } from './blog.mapper';

const SLUG_TAKEN = { uq_blog_posts_slug: { field: 'slug', message: 'is already used by another post' } };

@Injectable()
export class BlogService {
  private readonly writes: AuditedTable<BlogPostEntity, BlogPost>;

  constructor(@InjectDataSource() private readonly db: DataSource) {
    this.writes = new AuditedTable(db, {
      entity: BlogPostEntity,
      auditEntity: 'blog-post',
      name: ADMIN_ROW_NAMES.blog,
      toRecord: toBlogPost,
      uniqueKeys: SLUG_TAKEN,
    });
  }

  private get repo() {
    return this.db.getRepository(BlogPostEntity);
  }

  /** Published posts (not drafts, publishedAt <= now), newest first; one category or all. */
  async listPublished(category: string | undefined): Promise<BlogPost[]> {
    const rows = await this.repo.find({
      where: { status: 'published', publishedAt: LessThanOrEqual(new Date()), ...(category ? { category } : {}) },
      order: { publishedAt: 'DESC', id: 'DESC' },
    });
    return rows.map(toBlogPost);
  }

  /** One published post; unknown, a draft or not yet published is a 404. */
  async getPublished(slug: string): Promise<BlogPost> {
    const row = await this.repo.findOne({
      where: { slug, status: 'published', publishedAt: LessThanOrEqual(new Date()) },
    });
    if (!row) throw new NotFoundException(`No article with slug "${slug}"`);
    return toBlogPost(row);
  }

  /**
   * The next time a scheduled post goes live, or null: public answers are valid until then, so a cache
   * in front (the BFF, a CDN) never keeps a list without a post once its date has come.
   */
  async nextPublishAt(): Promise<Date | null> {
    const rows: { next: Date | null }[] = await this.db.query(
      `SELECT min(published_at) AS next FROM blog_posts WHERE status = 'published' AND published_at > now()`,
    );
    return rows[0]?.next ? new Date(rows[0].next) : null;
  }

  async listAll(): Promise<BlogPost[]> {
    return (await this.repo.find({ order: { publishedAt: 'DESC', id: 'DESC' } })).map(toBlogPost);
  }

  /** Admin writes: each in one transaction with its audit row. */
  create(actor: AuditActor, input: BlogPostWrite): Promise<BlogPost> {
    return this.writes.create(actor, async (m) => ({
      ...this.fields(input),
      slug: input.slug || (await this.freeSlug(m, input.title)),
    }));
  }

  update(actor: AuditActor, id: number, input: BlogPostWrite): Promise<BlogPost> {
    return this.writes.update(actor, id, async (m) => ({
      ...this.fields(input),
      slug: input.slug || (await this.freeSlug(m, input.title, id)),
    }));
  }

  remove(actor: AuditActor, id: number): Promise<{ id: number; deleted: true }> {
    return this.writes.remove(actor, id);
  }

  /** CSV import: posts matched by slug; a row without one gets a slug from its title. */
  readonly csvImporter = () =>
    this.writes.csvImporter(blogCsv, blogPostWriteSchema, async (input, m, id) => ({
      ...this.fields(input),
      slug: input.slug || (await this.freeSlug(m, input.title, id)),
    }));

  /** The body is Markdown, sanitised before it is stored (docs/security.md, "Markdown bodies"). */
  private fields(input: BlogPostWrite) {
    return {
      title: input.title,
      excerpt: input.excerpt,
      content: sanitizeMarkdown(input.content),
      category: input.category,
      tags: input.tags,
      imageUrl: input.imageUrl,
      publishedAt: new Date(input.publishedAt),
      status: input.status,
    };
  }

  /** A slug made from the title, with -2, -3, ... when another post has it already. */
  private async freeSlug(m: EntityManager, title: string, exceptId?: number): Promise<string> {
    const base = slugify(title) || 'post';
    const rows: { slug: string }[] = await m.query(
      `SELECT slug FROM blog_posts WHERE (slug = $1 OR slug LIKE $2) AND id <> $3`,
      [base, `${likeLiteral(base)}-%`, exceptId ?? 0],
    );
    const taken = new Set(rows.map((r) => r.slug));
    if (!taken.has(base)) return base;
    for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }
}
