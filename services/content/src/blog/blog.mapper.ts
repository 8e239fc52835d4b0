import type { BlogCategory, BlogPost } from '@coffee-guide/contracts';
import type { BlogPostEntity } from './blog-post.entity';

export function toBlogPost(row: BlogPostEntity): BlogPost {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    content: row.content,
    category: row.category as BlogCategory,
    tags: row.tags,
    imageUrl: row.imageUrl,
    publishedAt: row.publishedAt.toISOString(),
    status: row.status ?? 'published',
    updatedAt: row.updatedAt?.toISOString(),
  };
}
