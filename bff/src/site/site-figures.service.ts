import { catalogFiguresSchema } from '@coffee-guide/contracts';
import { fillFigures, siteFiguresOf, standFiguresOf, type SiteFigures } from '@coffee-guide/domain';
import { Injectable, Logger } from '@nestjs/common';
import { CacheKeys } from '../cache/cache-keys';
import { CacheService } from '../cache/cache.service';
import { CatalogClient, LocationsClient } from '../clients/clients';
import { loadStands } from '../seo/stand-list';

/**
 * The figures and as-of dates that prose names by token (docs/data/figures.md): the catalog's (caffeine per
 * category, price range, the models' dates) and the stand list's (counts, its date), read through the
 * cache. Answers that fill tokens carry the catalog and locations tags, so a write there refreshes them.
 */
/** How long an answer whose tokens could not be filled stays fresh. */
export const FIGURES_RETRY_MS = 5_000;

@Injectable()
export class SiteFiguresService {
  private readonly logger = new Logger(SiteFiguresService.name);

  constructor(
    private readonly cache: CacheService,
    private readonly catalog: CatalogClient,
    private readonly locations: LocationsClient,
  ) {}

  /**
   * The figures, or null when the catalog or the stand list does not answer: the caller then keeps its
   * answer fresh only briefly (FIGURES_RETRY_MS), so the tokens are filled as soon as both answer again.
   */
  async tryGet(requestId: string): Promise<SiteFigures | null> {
    try {
      return await this.get(requestId);
    } catch (error) {
      this.logger.warn(`figures unavailable, tokens left unfilled: ${(error as Error).message}`);
      return null;
    }
  }

  async get(requestId: string): Promise<SiteFigures> {
    const [catalogAnswer, stands] = await Promise.all([
      this.cache.getOrSet(CacheKeys.catalogFigures(), async () => {
        const res = await this.catalog.get('/menu/figures', { requestId });
        return { body: res.body };
      }),
      loadStands(this.cache, this.locations, requestId),
    ]);
    const catalog = catalogFiguresSchema.parse(JSON.parse(catalogAnswer.body.toString('utf8')));
    return siteFiguresOf(catalog, standFiguresOf(stands));
  }
}

/** Fills the figure tokens of every string in a JSON answer (page sections, blog posts), keeping its shape. */
export function withFigures(json: Buffer, figures: SiteFigures | null): Buffer {
  const text = json.toString('utf8');
  if (!figures || !text.includes('{')) return json;
  const filled = JSON.stringify(JSON.parse(text), (_key, value: unknown) =>
    typeof value === 'string' ? fillFigures(value, figures) : value,
  );
  return Buffer.from(filled, 'utf8');
}
