import { type PreviewLink } from '@coffee-guide/contracts';
import { AdminJwtGuard, ValidationFailed } from '@coffee-guide/nest-common';
import { Controller, Get, Param, Req, UseGuards } from '@nestjs/common';
import type { AdminRequest } from '../admin/admin-session.guard';
import { toHttpError } from '../clients/http-error';
import { PreviewService } from './preview.service';

/** GET /api/admin/{resource}/{id}/preview (docs/web.md, "Drafts and previews"). */
@UseGuards(AdminJwtGuard)
@Controller('api/admin')
export class AdminPreviewController {
  constructor(private readonly previews: PreviewService) {}

  @Get('blog/:id/preview')
  blog(@Param('id') id: string, @Req() req: AdminRequest): Promise<PreviewLink> {
    return this.preview('blog', id, req);
  }

  @Get('page-content/:id/preview')
  pageContent(@Param('id') id: string, @Req() req: AdminRequest): Promise<PreviewLink> {
    return this.preview('page-content', id, req);
  }

  @Get('seo/:id/preview')
  seo(@Param('id') id: string, @Req() req: AdminRequest): Promise<PreviewLink> {
    return this.preview('seo', id, req);
  }

  @Get('menu-items/:id/preview')
  menuItem(@Param('id') id: string, @Req() req: AdminRequest): Promise<PreviewLink> {
    return this.preview('menu-items', id, req);
  }

  private async preview(resource: string, rawId: string, req: AdminRequest): Promise<PreviewLink> {
    const id = Number(rawId);
    if (!/^\d{1,9}$/.test(rawId) || id < 1) throw new ValidationFailed({ id: 'must be a positive whole number' });
    try {
      return await this.previews.link(resource, id, {
        authorization: req.headers.authorization,
        requestId: String(req.id),
      });
    } catch (error) {
      return toHttpError(error, `GET /api/admin/${resource}/${id}/preview`);
    }
  }
}
