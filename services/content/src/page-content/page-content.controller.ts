import { PAGE_KEY_PATTERN } from '@coffee-guide/contracts';
import { ZodPipe } from '@coffee-guide/nest-common';
import { Controller, Get, Query } from '@nestjs/common';
import { z } from 'zod';
import { PageContentService } from './page-content.service';

const query = z.object({
  pageSlug: z
    .string()
    .trim()
    .toLowerCase()
    .max(200)
    .optional()
    .refine((v) => !v || PAGE_KEY_PATTERN.test(v), 'must be a page key such as home or privacy-policy'),
});

@Controller('page-content')
export class PageContentController {
  constructor(private readonly pages: PageContentService) {}

  /** GET /page-content?pageSlug=: the active sections of a page (of every page without pageSlug). */
  @Get()
  list(@Query(new ZodPipe(query)) q: z.infer<typeof query>) {
    return this.pages.listActive(q.pageSlug || undefined);
  }
}
