import { Controller, Get } from '@nestjs/common';
import { SiteSettingsService } from './site-settings.service';

@Controller('site-settings')
export class SiteSettingsController {
  constructor(private readonly settings: SiteSettingsService) {}

  /** A flat object of the public settings: brandName, siteName, officialSiteUrl, contactEmail, ... */
  @Get('public')
  publicSettings() {
    return this.settings.publicSettings();
  }
}
