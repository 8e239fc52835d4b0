import { Controller, Get, Param, Query, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CacheKeys, type CacheKey } from '../cache/cache-keys';
import { CacheService } from '../cache/cache.service';
import { serveCached, VALID_UNTIL_HEADER, validUntilOf } from '../cache/serve-cached';
import { LocationsClient } from '../clients/clients';
import { SearchRateLimitGuard } from '../search/search-rate-limit.guard';
import { loadStands } from '../seo/stand-list';
import { summarizeStands } from './stand-summary';

/** A coordinate for the cache key and the call: rounded to 3 decimals (about 100 m), so nearby visitors share. */
function coordinate(raw: unknown): string {
  if (typeof raw !== 'string') return '';
  const t = raw.trim();
  if (!/^[-+]?\d+(\.\d+)?$/.test(t)) return t.slice(0, 40); // the service answers 400 with the field's message
  return String(Math.round(Number(t) * 1000) / 1000);
}

const text = (raw: unknown, max: number) => (typeof raw === 'string' ? raw.slice(0, max) : '');

/**
 * Public stand reads: cached answers of the locations service. Every stand carries open-now, so an answer
 * holds only until its `x-valid-until` (the next opening or closing among its stands, or a local midnight):
 * the cache keeps it fresh no longer than that and past it reloads it before answering (a CDN is told the
 * same: s-maxage up to then, no stale-while-revalidate). Only when the service fails is the stale entry
 * served (stale-if-error).
 */
@Controller('api')
export class LocationsController {
  constructor(
    private readonly locations: LocationsClient,
    private readonly cache: CacheService,
  ) {}

  private serve(
    request: FastifyRequest,
    reply: FastifyReply,
    key: CacheKey,
    path: string,
    query?: Record<string, string | undefined>,
  ): Promise<FastifyReply> {
    return serveCached(this.cache, request, reply, key, async () => {
      const res = await this.locations.get(path, { query, requestId: String(request.id) });
      return { body: res.body, validUntil: validUntilOf(res.headers[VALID_UNTIL_HEADER]) };
    });
  }

  @Get('locations')
  list(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    return this.serve(req, reply, CacheKeys.locationsAll(), '/locations');
  }

  /** Before `locations/:state`, which would otherwise take "summary" for a state. */
  @Get('locations/summary')
  summary(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    // Counts change only with an admin write (which drops the entry), not with open-now: no valid-until.
    return serveCached(this.cache, req, reply, CacheKeys.locationsSummary(), async () => {
      const stands = await loadStands(this.cache, this.locations, String(req.id));
      return { body: Buffer.from(JSON.stringify(summarizeStands(stands))) };
    });
  }

  @Get('locations/search')
  @UseGuards(SearchRateLimitGuard)
  search(@Req() req: FastifyRequest, @Res() reply: FastifyReply, @Query('q') q?: string) {
    const query = text(q, 200).trim();
    return this.serve(req, reply, CacheKeys.locationsSearch(query), '/locations/search', { q: query.toLowerCase() });
  }

  @Get('locations/near')
  @UseGuards(SearchRateLimitGuard)
  near(
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
    @Query('lat') lat?: string,
    @Query('lng') lng?: string,
    @Query('limit') limit?: string,
  ) {
    const la = coordinate(lat);
    const lo = coordinate(lng);
    const li = text(limit, 10).trim();
    return this.serve(req, reply, CacheKeys.locationsNear(la, lo, li || '10'), '/locations/near', {
      lat: la || undefined,
      lng: lo || undefined,
      limit: li || undefined,
    });
  }

  @Get('locations/stand/:id')
  stand(@Req() req: FastifyRequest, @Res() reply: FastifyReply, @Param('id') id: string) {
    const value = text(id, 20);
    return this.serve(req, reply, CacheKeys.locationsStand(value), `/locations/stand/${encodeURIComponent(value)}`);
  }

  @Get('locations/:state')
  state(@Req() req: FastifyRequest, @Res() reply: FastifyReply, @Param('state') state: string) {
    const value = text(state, 60).toLowerCase();
    return this.serve(req, reply, CacheKeys.locationsState(value), `/locations/${encodeURIComponent(value)}`);
  }

  @Get('locations/:state/:city')
  city(
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
    @Param('state') state: string,
    @Param('city') city: string,
  ) {
    const s = text(state, 60).toLowerCase();
    const c = text(city, 120).toLowerCase();
    return this.serve(
      req,
      reply,
      CacheKeys.locationsCity(s, c),
      `/locations/${encodeURIComponent(s)}/${encodeURIComponent(c)}`,
    );
  }
}
