import { movedLocationUrl } from '@coffee-guide/contracts';
import { Controller, Get, NotFoundException, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PageHeadService } from '../seo/page-head.service';
import { sendCachedPage, sendPage } from '../seo/page-reply';

/**
 * Client routes of the single-page app answer with index.html carrying the route's own head, rendered on
 * the server (bff/src/seo): 200 for a page, 404 for an unknown path or item, 301 for an old address (also a stand or city whose
 * slug changed: movedLocationUrl of the contracts). Files
 * of the build are served by @fastify/static before this route is reached; unknown /api paths stay JSON 404s.
 */
@ApiExcludeController()
@Controller()
export class SpaController {
  constructor(private readonly pages: PageHeadService) {}

  @Get('favicon.ico')
  favicon(@Res() reply: FastifyReply) {
    return reply.redirect('/favicon.png', 301);
  }

  @Get('*')
  async spa(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    if (request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?')) {
      throw new NotFoundException(`No route ${request.url}`);
    }
    const moved = movedLocationUrl(request.url);
    const outcome = moved ? ({ kind: 'redirect', location: moved } as const) : await this.pages.render(request.url, String(request.id));
    if (outcome.kind === 'redirect') return reply.header('cache-control', 'public, max-age=86400').redirect(outcome.location, 301);
    if (outcome.kind === 'cached') return sendCachedPage(request, reply, outcome.answer, this.pages.staleSeconds);
    return sendPage(reply, outcome.status, outcome.body);
  }
}
