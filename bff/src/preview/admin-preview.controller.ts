import { type PreviewLink } from '@coffee-guide/contracts';
import { AdminJwtGuard, ValidationFailed } from '@coffee-guide/nest-common';
import { Controller, Get, Param, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AdminRequest } from '../admin/admin-session.guard';
import { toHttpError } from '../clients/http-error';
import { PreviewService } from './preview.service';

const PREVIEW_SUMMARY =
  'A signed link (an hour at most) to the public page with the record as it is now, a draft included';

/** GET /api/admin/{resource}/{id}/preview (docs/web.md, "Drafts and previews"). */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminJwtGuard)
@Controller('api/admin')
export class AdminPreviewController {
  constructor(private readonly previews: PreviewService) {}

  @Get('blog/:id/preview')
  @ApiOperation({ summary: PREVIEW_SUMMARY })
  blog(@Param('id') id: string, @Req() req: AdminRequest): Promise<PreviewLink> {
    return this.preview('blog', id, req);
  }

  @Get('page-content/:id/preview')
  @ApiOperation({ summary: PREVIEW_SUMMARY })
  pageContent(@Param('id') id: string, @Req() req: AdminRequest): Promise<PreviewLink> {
    return this.preview('page-content', id, req);
  }

  @Get('seo/:id/preview')
  @ApiOperation({ summary: PREVIEW_SUMMARY })
  seo(@Param('id') id: string, @Req() req: AdminRequest): Promise<PreviewLink> {
    return this.preview('seo', id, req);
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
