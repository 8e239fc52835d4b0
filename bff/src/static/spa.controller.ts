import { movedLocationUrl } from '@coffee-guide/contracts';
import { Controller, Get, NotFoundException, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ServerRenderService } from '../render/server-render.service';
import { sendCachedPage, sendPage } from '../seo/page-reply';

/**
 * Every page of the site, rendered on the server from the frontend's route tree (bff/src/render): 200 for
 * a page, 404 for an unknown path or item (its route's not-found view), 301 for an old address, the client
 * shell for the admin. Files of the build are served by @fastify/static before this route is reached;
 * unknown /api paths stay JSON 404s.
 */
@ApiExcludeController()
@Controller()
export class SpaController {
  constructor(private readonly pages: ServerRenderService) {}

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
    const outcome = moved
      ? ({ kind: 'redirect', location: moved } as const)
      : await this.pages.page(request.url, { ip: request.ip, requestId: String(request.id) });
    if (outcome.kind === 'redirect')
      return reply.header('cache-control', 'public, max-age=86400').redirect(outcome.location, 301);
    if (outcome.kind === 'cached')
      return sendCachedPage(
        request,
        reply,
        outcome.answer,
        outcome.answer.validUntil === undefined ? this.pages.staleSeconds : 0,
      );
    return sendPage(reply, outcome.status, outcome.body, outcome.retryAfter);
  }
}
