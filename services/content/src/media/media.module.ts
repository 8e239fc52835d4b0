import multipart from '@fastify/multipart';
import { MEDIA_MAX_BYTES } from '@coffee-guide/contracts';
import { Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { MediaAdminController } from './media.admin.controller';
import { MediaController } from './media.controller';
import { MEDIA_STORE, PostgresMediaStore } from './media-store';
import { MediaService } from './media.service';

/**
 * The media library. The bytes go through MEDIA_STORE: the database's table today (PostgresMediaStore); an
 * object storage would be another provider here (docs/operations.md, "Media storage").
 */
@Module({
  controllers: [MediaAdminController, MediaController],
  providers: [MediaService, { provide: MEDIA_STORE, useClass: PostgresMediaStore }],
  exports: [MediaService],
})
export class MediaModule implements OnModuleInit {
  constructor(private readonly adapter: HttpAdapterHost) {}

  /** multipart/form-data for the upload: one file part of at most MEDIA_MAX_BYTES, a few short text fields. */
  async onModuleInit(): Promise<void> {
    const fastify = this.adapter.httpAdapter.getInstance<FastifyInstance>();
    await fastify.register(multipart, {
      limits: { fileSize: MEDIA_MAX_BYTES, files: 1, fields: 5, fieldSize: 4096, parts: 8 },
    });
  }
}
