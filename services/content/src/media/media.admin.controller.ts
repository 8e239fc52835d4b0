import { MEDIA_MAX_BYTES, mediaAltSchema, mediaListQuerySchema } from '@coffee-guide/contracts';
import {
  AdminJwtGuard,
  type AdminPrincipal,
  auditActorOf,
  CurrentAdmin,
  parseOrThrow,
  ValidationFailed,
} from '@coffee-guide/nest-common';
import { Controller, Delete, Get, Param, PayloadTooLargeException, Post, Query, Req, UseGuards } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { idPipe } from '../common/params';
import { processImage } from './media-images';
import { MediaService } from './media.service';

export const MEDIA_TOO_LARGE_MESSAGE = `The picture is larger than the upload limit of ${MEDIA_MAX_BYTES / 1_048_576} MB`;

/** The parts of the upload: the file's bytes (at most MEDIA_MAX_BYTES) and the alt text. */
async function readUpload(req: FastifyRequest): Promise<{ file: Buffer | null; alt: unknown }> {
  if (!req.isMultipart()) throw new ValidationFailed({ file: 'must be sent as multipart/form-data' });
  let file: Buffer | null = null;
  let alt: unknown;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
          part.file.resume();
          continue;
        }
        file = await part.toBuffer();
      } else if (part.fieldname === 'alt') {
        alt = part.value;
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new PayloadTooLargeException(MEDIA_TOO_LARGE_MESSAGE);
    throw error;
  }
  return { file, alt };
}

/** The media library (docs/api.md, "Media"): uploads by editors and owners, reads by any administrator. */
@UseGuards(AdminJwtGuard)
@Controller('admin/media')
export class MediaAdminController {
  constructor(private readonly media: MediaService) {}

  @Get()
  list(@Query() query: Record<string, unknown>) {
    const { page, pageSize } = parseOrThrow(mediaListQuerySchema, query ?? {});
    return this.media.list(page, pageSize);
  }

  /** multipart/form-data with `file` and `alt`: 201 with the stored picture and its variants. */
  @Post()
  async upload(@CurrentAdmin() admin: AdminPrincipal, @Req() req: FastifyRequest) {
    const { file, alt } = await readUpload(req);
    const errors: Record<string, string> = {};
    const altResult = mediaAltSchema.safeParse(alt);
    if (!altResult.success) errors.alt = altResult.error.issues[0]?.message ?? 'is required';
    if (!file || file.length === 0) errors.file = 'is required: a JPEG, PNG, WebP or AVIF picture';
    if (Object.keys(errors).length) throw new ValidationFailed(errors);
    const image = await processImage(file as Buffer);
    return this.media.create(auditActorOf(admin, req), altResult.data as string, image);
  }

  @Delete(':id')
  remove(@CurrentAdmin() admin: AdminPrincipal, @Req() req: { id?: unknown }, @Param('id', idPipe()) id: number) {
    return this.media.remove(auditActorOf(admin, req), id);
  }
}
