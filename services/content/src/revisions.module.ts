import {
  blogPostWriteSchema,
  pageContentWriteSchema,
  seoRecordWriteSchema,
  siteSettingWriteSchema,
} from '@coffee-guide/contracts';
import {
  REVISION_TARGETS,
  restoreInput,
  revisionControllers,
  type RevisionTarget,
} from '@coffee-guide/nest-common/typeorm';
import { Module } from '@nestjs/common';
import type { z } from 'zod';
import { BlogModule } from './blog/blog.module';
import { BlogService } from './blog/blog.service';
import { PageContentModule } from './page-content/page-content.module';
import { PageContentService } from './page-content/page-content.service';
import { SeoModule } from './seo/seo.module';
import { SeoService } from './seo/seo.service';
import { SiteSettingsModule } from './site-settings/site-settings.module';
import { SiteSettingsService } from './site-settings/site-settings.service';

/** The content resources with a history (docs/decisions.md, "Revisions"). */
export const CONTENT_REVISION_RESOURCES = ['blog', 'seo', 'page-content', 'site-settings'] as const;

interface Writes<W> {
  create(actor: Parameters<RevisionTarget['restore']>[0], input: W): Promise<unknown>;
  update(actor: Parameters<RevisionTarget['restore']>[0], id: number, input: W): Promise<unknown>;
}

/**
 * An old version written back through the resource's own write and schema: an update of a record that is
 * there, a create (under the same id: AuditedTable keeps `restoreId`) of a deleted one.
 */
function through<S extends z.ZodType>(schema: S, writes: Writes<z.infer<S>>): RevisionTarget {
  return {
    restore: (actor, id, snapshot, exists) => {
      const input = restoreInput(schema, snapshot);
      return exists ? writes.update(actor, Number(id), input) : writes.create(actor, input);
    },
  };
}

/** `/admin/<resource>/:id/revisions`, `/deleted` and restore for the blog, SEO, page content and site settings. */
@Module({
  imports: [BlogModule, SeoModule, PageContentModule, SiteSettingsModule],
  controllers: revisionControllers(CONTENT_REVISION_RESOURCES),
  providers: [
    {
      provide: REVISION_TARGETS,
      useFactory: (blog: BlogService, seo: SeoService, pages: PageContentService, settings: SiteSettingsService) => ({
        blog: through(blogPostWriteSchema, blog),
        seo: through(seoRecordWriteSchema, seo),
        'page-content': through(pageContentWriteSchema, pages),
        'site-settings': through(siteSettingWriteSchema, settings),
      }),
      inject: [BlogService, SeoService, PageContentService, SiteSettingsService],
    },
  ],
})
export class ContentRevisionsModule {}
