import { publicSiteSettingsSchema, type PublicSiteSettings } from '@coffee-guide/contracts';
import { DEFAULT_SITE_SETTINGS } from '@coffee-guide/domain';
import { Injectable, Logger } from '@nestjs/common';
import { ContentClient } from '../clients/clients';

/** The settings as GET /api/site answers them (libs/contracts publicSiteSettingsAnswerSchema). */
export type { PublicSiteSettings };

/** The built-in settings (the domain's, as the frontend's): they stand in for what content does not answer. */
export { DEFAULT_SITE_SETTINGS };

const REMEMBER_MS = 30_000;

/**
 * The site settings the BFF needs while composing (the brand replaces "{brand}" in category names: see
 * ./brand.ts, which reads it from here).
 * Remembered briefly in memory; when content does not answer, the built-in defaults stand in.
 */
@Injectable()
export class SiteSettingsService {
  private readonly logger = new Logger(SiteSettingsService.name);
  private cached?: { at: number; value: PublicSiteSettings };

  constructor(private readonly content: ContentClient) {}

  async get(): Promise<PublicSiteSettings> {
    if (this.cached && Date.now() - this.cached.at < REMEMBER_MS) return this.cached.value;
    let value: PublicSiteSettings = { ...DEFAULT_SITE_SETTINGS };
    try {
      value = {
        ...DEFAULT_SITE_SETTINGS,
        ...(await this.content.getJson('/site-settings/public', publicSiteSettingsSchema)),
      };
    } catch (error) {
      this.logger.debug(`site settings from defaults: ${(error as Error).message}`);
    }
    this.cached = { at: Date.now(), value };
    return value;
  }

  forget(): void {
    this.cached = undefined;
  }
}
