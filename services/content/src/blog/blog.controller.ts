import { blogCategoryQuerySchema } from '@coffee-guide/contracts';
import { ZodPipe } from '@coffee-guide/nest-common';
import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { BlogService } from './blog.service';

const slugParam = z.string().regex(/^[a-z0-9-]{1,120}$/, 'must be an article slug');

/** The header that tells a cache until when a blog answer holds: the next scheduled publish time. */
export const VALID_UNTIL_HEADER = 'x-valid-until';

@Controller('blog')
export class BlogController {
  constructor(private readonly blog: BlogService) {}

  private async validUntil(reply: FastifyReply): Promise<void> {
    const next = await this.blog.nextPublishAt();
    if (next) reply.header(VALID_UNTIL_HEADER, next.toISOString());
  }

  @Get()
  async list(
    @Query(new ZodPipe(blogCategoryQuerySchema)) query: z.infer<typeof blogCategoryQuerySchema>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const category = query.category && query.category !== 'all' ? query.category : undefined;
    const [posts] = await Promise.all([this.blog.listPublished(category), this.validUntil(reply)]);
    return posts;
  }

  @Get(':slug')
  async one(@Param('slug', new ZodPipe(slugParam)) slug: string, @Res({ passthrough: true }) reply: FastifyReply) {
    const [post] = await Promise.all([this.blog.getPublished(slug), this.validUntil(reply)]);
    return post;
  }
}
