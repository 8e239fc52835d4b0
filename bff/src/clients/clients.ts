import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { BFF_ENV, type BffEnv } from '../config/env';
import { BRAND_SOURCE, type BrandSource, withBrand } from '../site/brand';
import { ServiceClient } from './service-client';

/** The catalog: its answers get the brand in place of "{brand}" as they come in (bff/src/site/brand.ts). */
@Injectable()
export class CatalogClient extends ServiceClient implements OnApplicationShutdown {
  constructor(
    @Inject(BFF_ENV) env: BffEnv,
    @Inject(BRAND_SOURCE) private readonly brand: BrandSource,
  ) {
    super('catalog', env.CATALOG_URL, env.SERVICE_TIMEOUT_MS);
  }

  protected override async received(body: Buffer): Promise<Buffer> {
    return withBrand(body, (await this.brand.get()).brandName);
  }

  // after the HTTP server has finished its in-flight requests (Nest calls onModuleDestroy before it closes)
  onApplicationShutdown() {
    return this.close();
  }
}

@Injectable()
export class LocationsClient extends ServiceClient implements OnApplicationShutdown {
  constructor(@Inject(BFF_ENV) env: BffEnv) {
    super('locations', env.LOCATIONS_URL, env.SERVICE_TIMEOUT_MS);
  }
  // after the HTTP server has finished its in-flight requests (Nest calls onModuleDestroy before it closes)
  onApplicationShutdown() {
    return this.close();
  }
}

@Injectable()
export class ContentClient extends ServiceClient implements OnApplicationShutdown {
  constructor(@Inject(BFF_ENV) env: BffEnv) {
    super('content', env.CONTENT_URL, env.SERVICE_TIMEOUT_MS);
  }
  // after the HTTP server has finished its in-flight requests (Nest calls onModuleDestroy before it closes)
  onApplicationShutdown() {
    return this.close();
  }
}

@Injectable()
export class AuthClient extends ServiceClient implements OnApplicationShutdown {
  constructor(@Inject(BFF_ENV) env: BffEnv) {
    super('auth', env.AUTH_URL, env.SERVICE_TIMEOUT_MS);
  }
  // after the HTTP server has finished its in-flight requests (Nest calls onModuleDestroy before it closes)
  onApplicationShutdown() {
    return this.close();
  }
}

export const SERVICE_CLIENTS = [CatalogClient, LocationsClient, ContentClient, AuthClient];
