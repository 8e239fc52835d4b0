import { movedLocationUrl } from '@coffee-guide/domain';
import { Controller, Get, NotFoundException, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PreviewService } from '../preview/preview.service';
import { ServerRenderService } from '../render/server-render.service';
import { sendCachedPage, sendPage } from '../seo/page-reply';

/**
 * Every page of the site, rendered on the server from the frontend's route tree (bff/src/render): 200 for
 * a page, 404 for an unknown path or item (its route's not-found view), 301 for an old address, the client
 * shell for the admin. Files of the build are served by @fastify/static before this route is reached;
 * unknown /api paths stay JSON 404s.
 */
@Controller()
export class SpaController {
  constructor(
    private readonly pages: ServerRenderService,
    private readonly previews: PreviewService,
  ) {}

  @Get('favicon.ico')
  favicon(@Res() reply: FastifyReply) {
    return reply.redirect('/favicon.png', 301);
  }

  @Get('*')
  async spa(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    if (request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?')) {
      throw new NotFoundException(`No route ${request.url}`);
    }
    const preview = PreviewService.tokenOf(request.url);
    if (preview !== undefined) return this.preview(request, reply, preview);
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

  /**
   * A preview link's page (docs/web.md, "Drafts and previews"): private, never stored, never indexed; a
   * token that is changed, foreign or expired is a 404.
   */
  private async preview(request: FastifyRequest, reply: FastifyReply, token: string) {
    reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex, nofollow');
    const outcome = await this.previews.page(request.url, token, { ip: request.ip, requestId: String(request.id) });
    if (!outcome) {
      return reply
        .status(404)
        .header('content-type', 'text/html; charset=utf-8')
        .send('<!doctype html><title>Preview not found</title><p>This preview link is not valid or has expired.</p>');
    }
    if (outcome.kind === 'redirect') return reply.redirect(outcome.location, 302);
    if (outcome.kind === 'cached')
      return reply.status(200).header('content-type', 'text/html; charset=utf-8').send(outcome.answer.body);
    return reply.status(outcome.status).header('content-type', 'text/html; charset=utf-8').send(outcome.body);
  }
}
