import { createHash } from 'node:crypto';
import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CacheKeys, type CacheKey } from '../cache/cache-keys';
import { CacheService, isServiceFailure, type CachedAnswer, type LoadResult } from '../cache/cache.service';
import { sendCached, toHttpError } from '../cache/cached-reply';
import { LocationsClient } from '../clients/clients';

/** The locations service's header: the instant the answer's open-now fields next change. */
export const VALID_UNTIL_HEADER = 'x-valid-until';

/** How long an answer stays fresh: until its x-valid-until; the namespace's TTL when it has none. */
export function freshForMs(header: string | string[] | undefined, now = Date.now()): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

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
 * is fresh only until its `x-valid-until` (the next opening or closing among its stands, or a local
 * midnight), and a CDN is told the same (s-maxage up to then, no stale-while-revalidate). Past that, a
 * stale entry is never served while the service answers: it is reloaded before answering. Only when the
 * service fails is the stale entry served (stale-if-error).
 */
@ApiTags('locations')
@Controller('api')
export class LocationsController {
  /** One downstream call per key at a time on this replica, shared by the cache's loader and a revalidation. */
  private readonly inFlight = new Map<string, Promise<LoadResult>>();

  constructor(
    private readonly locations: LocationsClient,
    private readonly cache: CacheService,
  ) {}

  private fetch(key: CacheKey, path: string, query: Record<string, string | undefined> | undefined, requestId: string) {
    const pending = this.inFlight.get(key.key);
    if (pending) return pending;
    const call = (async (): Promise<LoadResult> => {
      const res = await this.locations.get(path, { query, requestId });
      return { body: res.body, freshForMs: freshForMs(res.headers[VALID_UNTIL_HEADER]) };
    })().finally(() => this.inFlight.delete(key.key));
    this.inFlight.set(key.key, call);
    return call;
  }

  /** The answer as the cache would store it, for a reload made in front of the cache. */
  private asAnswer(result: LoadResult, tags: CachedAnswer['tags']): CachedAnswer {
    const now = Date.now();
    const ttlMs = this.cache.ttlSeconds * 1000;
    const fresh = Math.max(0, Math.min(result.freshForMs ?? ttlMs, ttlMs));
    const etag = `"${createHash('sha1').update(result.body).digest('base64url').slice(0, 22)}"`;
    return {
      body: result.body,
      etag,
      freshUntil: now + fresh,
      staleUntil: now + this.cache.staleSeconds * 1000,
      tags,
      encoded: {},
      source: 'load',
    };
  }

  private async serve(
    request: FastifyRequest,
    reply: FastifyReply,
    key: CacheKey,
    path: string,
    query?: Record<string, string | undefined>,
  ): Promise<FastifyReply> {
    try {
      const load = () => this.fetch(key, path, query, String(request.id));
      let answer = await this.cache.getOrSet(key, load);
      if (answer.source === 'stale') {
        // Past its freshness an open-now answer may be past an opening or closing: reload while the service answers.
        try {
          answer = this.asAnswer(await load(), key.tags);
        } catch (error) {
          if (!isServiceFailure(error)) throw error;
          // The service is down: the stale answer is the best there is (stale-if-error).
        }
      }
      return sendCached(request, reply, answer, 0);
    } catch (error) {
      return toHttpError(error);
    }
  }

  @Get('locations')
  @ApiOperation({ summary: 'Every stand, with open-now in its own time zone' })
  list(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    return this.serve(req, reply, CacheKeys.locationsAll(), '/locations');
  }

  @Get('locations/search')
  @ApiOperation({ summary: 'Stands by ZIP, "city, ST", city, state or stand name; geographic searches nearest first with miles' })
  search(@Req() req: FastifyRequest, @Res() reply: FastifyReply, @Query('q') q?: string) {
    const query = text(q, 200).trim();
    return this.serve(req, reply, CacheKeys.locationsSearch(query), '/locations/search', { q: query.toLowerCase() });
  }

  @Get('locations/near')
  @ApiOperation({ summary: 'The nearest stands to a position (lat, lng, limit 1-50, default 10), nearest first' })
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
  @ApiOperation({ summary: 'One stand, for its own page' })
  stand(@Req() req: FastifyRequest, @Res() reply: FastifyReply, @Param('id') id: string) {
    const value = text(id, 20);
    return this.serve(req, reply, CacheKeys.locationsStand(value), `/locations/stand/${encodeURIComponent(value)}`);
  }

  @Get('locations/:state')
  @ApiOperation({ summary: 'The stands of a state (lowercase code, e.g. or); 404 for an unknown state' })
  state(@Req() req: FastifyRequest, @Res() reply: FastifyReply, @Param('state') state: string) {
    const value = text(state, 60).toLowerCase();
    return this.serve(req, reply, CacheKeys.locationsState(value), `/locations/${encodeURIComponent(value)}`);
  }

  @Get('locations/:state/:city')
  @ApiOperation({ summary: 'The stands of a city by its whole-name slug (north-las-vegas); 404 for an unknown city' })
  city(@Req() req: FastifyRequest, @Res() reply: FastifyReply, @Param('state') state: string, @Param('city') city: string) {
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
