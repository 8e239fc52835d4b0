import { MEDIA_PATH } from '@coffee-guide/contracts';
import { Controller, Get, NotFoundException, Param, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ContentClient } from '../clients/clients';
import { toHttpError } from '../clients/http-error';

/**
 * `/media/{id}/{hash}-{variant}.{ext}`: the media library's pictures (docs/api.md, "Media"), streamed from
 * the content service. The URL carries the content's hash, so the answer is cached for a year everywhere.
 */
@Controller('media')
export class MediaController {
  constructor(private readonly content: ContentClient) {}

  @Get(':id/:file')
  async file(
    @Param('id') id: string,
    @Param('file') file: string,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<FastifyReply> {
    const path = `/media/${id}/${file}`;
    if (!MEDIA_PATH.test(path)) throw new NotFoundException('No such picture');
    try {
      const res = await this.content.stream('GET', path, { requestId: String(req.id) });
      const type = res.headers['content-type'];
      const length = res.headers['content-length'];
      if (typeof length === 'string') reply.header('content-length', length);
      return reply
        .status(200)
        .header('content-type', typeof type === 'string' ? type : 'application/octet-stream')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(res.body);
    } catch (error) {
      return toHttpError(error, `GET ${path}`);
    }
  }
}
