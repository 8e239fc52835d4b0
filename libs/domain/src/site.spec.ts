import { categoryDisplayName } from './categories';
import { CHAIN_NAME, DEFAULT_SITE_NAME, DEFAULT_SITE_SETTINGS } from './site';

describe('the built-in site settings', () => {
  it('name the chain and the guide once', () => {
    expect(DEFAULT_SITE_SETTINGS).toEqual({
      siteName: DEFAULT_SITE_NAME,
      brandName: CHAIN_NAME,
      officialSiteUrl: expect.stringMatching(/^https:\/\//),
      contactEmail: expect.stringContaining('@'),
      analyticsMeasurementId: '',
    });
    expect(categoryDisplayName('faves', DEFAULT_SITE_SETTINGS.brandName)).toBe(`${CHAIN_NAME} Faves`);
  });
});
