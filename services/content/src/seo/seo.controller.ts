import { PAGE_KEY_PATTERN } from '@coffee-guide/contracts';
import { parseOrThrow } from '@coffee-guide/nest-common';
import { Controller, Get, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SeoService } from './seo.service';

const pageKeySchema = z
  .string()
  .max(200, 'must be at most 200 characters')
  .transform((v) => v.replace(/^\/+|\/+$/g, '').toLowerCase())
  .pipe(z.string().regex(PAGE_KEY_PATTERN, 'must be a page key such as home or menu/coffee-classics'));

/** Decodes the wildcard part once more when it arrives encoded (`menu%2Fcoffee-classics`). */
export function decodePageKey(raw: string): string {
  let value = raw;
  for (let i = 0; i < 2 && /%[0-9a-f]{2}/i.test(value); i++) {
    try {
      value = decodeURIComponent(value);
    } catch {
      break;
    }
  }
  return value;
}

@Controller('seo')
export class SeoController {
  constructor(private readonly seo: SeoService) {}

  /** GET /seo/{pageKey}: the key may contain slashes (`menu/coffee-classics`, `menu/:category`). */
  @Get('*')
  one(@Req() request: FastifyRequest) {
    const raw = (request.params as Record<string, string | undefined>)['*'] ?? '';
    const key = parseOrThrow(z.object({ pageKey: pageKeySchema }), { pageKey: decodePageKey(raw) }).pageKey;
    return this.seo.getActive(key);
  }
}
