import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Controller, Get, Inject, NotFoundException, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BFF_ENV, type BffEnv } from '../config/env';

/**
 * Client routes of the single-page app answer with index.html; files of the build are served by
 * @fastify/static before this route is reached; unknown /api paths stay JSON 404s.
 */
@ApiExcludeController()
@Controller()
export class SpaController {
  private indexHtml?: Buffer;

  constructor(@Inject(BFF_ENV) private readonly env: BffEnv) {}

  private index(): Buffer {
    if (this.indexHtml) return this.indexHtml;
    const file = path.join(this.env.FRONTEND_DIST, 'index.html');
    if (!existsSync(file)) {
      return Buffer.from('<!doctype html><title>coffee-guide</title><p>The frontend is not built: run npm run build.</p>');
    }
    this.indexHtml = readFileSync(file);
    return this.indexHtml;
  }

  @Get('favicon.ico')
  favicon(@Res() reply: FastifyReply) {
    return reply.redirect('/favicon.png', 301);
  }

  @Get('*')
  spa(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    if (request.url === '/api' || request.url.startsWith('/api/')) throw new NotFoundException(`No route ${request.url}`);
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(this.index());
  }
}
