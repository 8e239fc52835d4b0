import { Controller, Get, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { SiteSettingsService } from '../site/site-settings.service';
import { webManifest } from './web-manifest';

@Controller()
export class WebManifestController {
  constructor(private readonly settings: SiteSettingsService) {}

  /** The web app manifest, named from the site settings; every page links it (frontend/index.html). */
  @Get('manifest.webmanifest')
  async manifest(@Res() reply: FastifyReply) {
    const body = JSON.stringify(webManifest(await this.settings.get()));
    return reply
      .header('content-type', 'application/manifest+json; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(body);
  }
}
