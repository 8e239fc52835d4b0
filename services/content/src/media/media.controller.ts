import { MEDIA_PATH } from '@coffee-guide/contracts';
import { Controller, Get, NotFoundException, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { MediaService } from './media.service';

const CONTENT_TYPES = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', avif: 'image/avif' } as const;

/**
 * `/media/{id}/{hash}-{variant}.{ext}`: a stored variant's bytes. The hash is the content's, so the answer
 * never changes under its URL and is cached for a year (docs/api.md, "Media"); the BFF serves it to the site.
 */
@Controller('media')
export class MediaController {
  constructor(private readonly media: MediaService) {}

  @Get(':id/:file')
  async file(@Param('id') id: string, @Param('file') name: string, @Res() reply: FastifyReply) {
    const match = MEDIA_PATH.exec(`/media/${id}/${name}`);
    const found = match && (await this.media.file(Number(match[1]), match[2], match[3]));
    if (!found) throw new NotFoundException('No such picture');
    return reply
      .header('content-type', CONTENT_TYPES[found.format])
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(found.data);
  }
}
