import { z } from 'zod';
import { siteBundleSchema } from '../public';

/**
 * The public site settings as the BFF answers them (GET /api/site's `settings`, and what it composes with):
 * every public setting as text, the ones every page names always there (the built-in defaults stand in).
 */
export const publicSiteSettingsAnswerSchema = z
  .object({
    brandName: z.string(),
    officialSiteUrl: z.string(),
    contactEmail: z.string(),
    analyticsMeasurementId: z.string(),
  })
  .catchall(z.string());
export type PublicSiteSettings = z.infer<typeof publicSiteSettingsAnswerSchema>;

/** GET /api/site: the settings above, every active page section and the data's figures. */
export const siteAnswerSchema = siteBundleSchema.extend({ settings: publicSiteSettingsAnswerSchema });
export type SiteAnswer = z.infer<typeof siteAnswerSchema>;
