import { ZodPipe } from '@coffee-guide/nest-common';
import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { StandsService, type LocationsAnswer } from './stands.service';

/** A number from the query string, with a message per field. */
const queryNumber = (min: number, max: number, what: string) =>
  z
    .string({ error: (i) => (i.input === undefined ? 'is required' : `must be a ${what}`) })
    .trim()
    .regex(/^[-+]?\d+(\.\d+)?$/, `must be a ${what}`)
    .transform(Number)
    .pipe(z.number().min(min, `must be between ${min} and ${max}`).max(max, `must be between ${min} and ${max}`));

const nearQuery = z.object({
  lat: queryNumber(-90, 90, 'latitude'),
  lng: queryNumber(-180, 180, 'longitude'),
  limit: z
    .string({ error: 'must be a whole number from 1 to 50' })
    .trim()
    .regex(/^\d{1,3}$/, 'must be a whole number from 1 to 50')
    .transform(Number)
    .pipe(z.number().int().min(1, 'must be a whole number from 1 to 50').max(50, 'must be a whole number from 1 to 50'))
    .optional()
    .transform((n) => n ?? 10),
});
const searchQuery = z.object({
  q: z.string({ error: 'must be text' }).max(200, 'must be at most 200 characters').optional().default(''),
});
const idParam = z
  .string()
  .regex(/^\d{1,9}$/, 'must be a location id')
  .transform(Number)
  .pipe(z.number().int().positive('must be a location id'));
const segment = z.string().max(120, 'is too long');

/** The header by which the BFF (and a CDN) keeps an open-now answer only until the next change. */
export const VALID_UNTIL_HEADER = 'x-valid-until';

/**
 * Public reads. Every stand carries open-now computed at the request's instant in its own time zone; the
 * answer's `x-valid-until` is the earliest instant at which any of that changes.
 */
@Controller('locations')
export class StandsController {
  constructor(private readonly stands: StandsService) {}

  private send<T>(reply: FastifyReply, answer: LocationsAnswer, body: T): T {
    if (answer.validUntil) reply.header(VALID_UNTIL_HEADER, answer.validUntil.toISOString());
    return body;
  }

  @Get()
  async list(@Res({ passthrough: true }) reply: FastifyReply) {
    const answer = await this.stands.list(new Date());
    return this.send(reply, answer, answer.locations);
  }

  @Get('search')
  async search(
    @Query(new ZodPipe(searchQuery)) query: z.infer<typeof searchQuery>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const answer = await this.stands.search(query.q, new Date());
    return this.send(reply, answer, answer.locations);
  }

  @Get('near')
  async near(
    @Query(new ZodPipe(nearQuery)) query: z.infer<typeof nearQuery>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const answer = await this.stands.near({ latitude: query.lat, longitude: query.lng }, query.limit, new Date());
    return this.send(reply, answer, answer.locations);
  }

  @Get('stand/:id')
  async stand(@Param('id', new ZodPipe(idParam)) id: number, @Res({ passthrough: true }) reply: FastifyReply) {
    const answer = await this.stands.stand(id, new Date());
    return this.send(reply, answer, answer.location);
  }

  @Get(':state')
  async state(@Param('state', new ZodPipe(segment)) state: string, @Res({ passthrough: true }) reply: FastifyReply) {
    const answer = await this.stands.byState(state, new Date());
    return this.send(reply, answer, answer.locations);
  }

  @Get(':state/:city')
  async city(
    @Param('state', new ZodPipe(segment)) state: string,
    @Param('city', new ZodPipe(segment)) city: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const answer = await this.stands.byCity(state, city, new Date());
    return this.send(reply, answer, answer.locations);
  }
}
