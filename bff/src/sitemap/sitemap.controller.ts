import { Controller, Get, NotFoundException, Param, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toHttpError } from '../clients/http-error';
import { sendCachedPage } from '../seo/page-reply';
import { SitemapService } from './sitemap.service';

const XML = 'application/xml; charset=utf-8';

/** `/sitemap.xml` (an index), its files under `/sitemaps/`, and `/robots.txt`. */
@Controller()
export class SitemapController {
  constructor(private readonly sitemap: SitemapService) {}

  private async serve(request: FastifyRequest, reply: FastifyReply, name: string) {
    let answer;
    try {
      answer = await this.sitemap.file(name, String(request.id));
    } catch (error) {
      return toHttpError(error);
    }
    if (!answer) throw new NotFoundException(`No sitemap ${name}`);
    return sendCachedPage(request, reply, answer, this.sitemap.staleSeconds, XML);
  }

  @Get('sitemap.xml')
  index(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return this.serve(request, reply, 'index');
  }

  @Get('sitemaps/:file')
  file(@Req() request: FastifyRequest, @Res() reply: FastifyReply, @Param('file') file: string) {
    return this.serve(request, reply, file);
  }

  @Get('robots.txt')
  robots(@Res() reply: FastifyReply) {
    return reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(this.sitemap.robots());
  }
}
