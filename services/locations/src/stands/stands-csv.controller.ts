import {
  type AdminLocation,
  type BulkEdit,
  bulkEditSchema,
  locationsCsv,
  standWriteSchema,
  type StandWrite,
} from '@coffee-guide/contracts';
import { WEEKDAY_NAMES, slugify } from '@coffee-guide/domain';
import {
  AdminJwtGuard,
  type AdminPrincipal,
  auditActorOf,
  CurrentAdmin,
  type CsvImporter,
  type CsvWrite,
  dryRunOf,
  fieldErrors,
  runCsvImport,
  sendCsvExport,
  ZodPipe,
} from '@coffee-guide/nest-common';
import { Body, Controller, Get, HttpCode, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyReply } from 'fastify';
import { DataSource } from 'typeorm';
import { zipPoint } from '../geo/geo';
import { toAdminLocation } from './stand.mapper';
import { StandEntity } from './stand.entity';
import { StandWriter } from './stand-writer';
import { StandsService } from './stands.service';

type Query = Record<string, unknown>;

/** The seven weekday columns as the write's `hours` (left out when all seven are empty: the hours are kept). */
function withHours(input: CsvWrite): CsvWrite {
  const out: CsvWrite = {};
  const hours: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(input)) {
    if ((WEEKDAY_NAMES as readonly string[]).includes(name)) {
      if (value !== undefined) hours[name] = value;
    } else out[name] = value;
  }
  if (Object.keys(hours).length) out.hours = hours;
  return out;
}

/** CSV export and import of the stands (docs/csv.md), matched by store number, else by address. */
@UseGuards(AdminJwtGuard)
@Controller('admin/locations')
export class StandsCsvController {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly stands: StandsService,
    private readonly writer: StandWriter,
  ) {}

  private readonly importer: CsvImporter<AdminLocation> = {
    spec: locationsCsv,
    load: async (m) => {
      const at = new Date();
      const entities = new Map((await m.find(StandEntity, { order: { id: 'ASC' } })).map((e) => [e.id, e]));
      return {
        rows: [...entities.values()].map((s) => toAdminLocation(s, at)),
        validate: (input) => {
          const result = standWriteSchema.safeParse(withHours(input));
          if (!result.success) return { errors: fieldErrors(result.error) };
          const stand = result.data;
          // What the writer would refuse, found in the preview already.
          if (!slugify(stand.city)) return { errors: { city: 'must contain letters or digits' } };
          if (stand.latitude == null && !zipPoint(stand.zipCode)) {
            return {
              errors: {
                latitude: `is required: ZIP ${stand.zipCode} is not in the ZIP database, so the position cannot be derived`,
              },
            };
          }
          return { data: stand as CsvWrite };
        },
        create: (write) => this.writer.create(m, write as StandWrite),
        createMany: (writes) => this.writer.createMany(m, writes as StandWrite[]),
        update: (row, write) => this.writer.update(m, entities.get(row.id)!, write as StandWrite),
      };
    },
  };

  @Get('export.csv')
  async export(@Query() query: Query, @Res() reply: FastifyReply) {
    return sendCsvExport(reply, locationsCsv, await this.stands.adminList(new Date()), query);
  }

  @Post('import')
  @HttpCode(200)
  import(
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() req: { id?: unknown },
    @Body() body: unknown,
    @Query() query: Query,
  ) {
    return runCsvImport(
      this.db,
      this.importer,
      { csv: body },
      { dryRun: dryRunOf(query), actor: auditActorOf(admin, req), auditEntity: 'location' },
    );
  }

  /** One field of the selected stands (their hours to a template, say), previewed and applied like an import. */
  @Post('bulk')
  @HttpCode(200)
  bulk(
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() req: { id?: unknown },
    @Body(new ZodPipe(bulkEditSchema)) edit: BulkEdit,
    @Query() query: Query,
  ) {
    return runCsvImport(
      this.db,
      this.importer,
      { bulk: edit },
      { dryRun: dryRunOf(query), actor: auditActorOf(admin, req), auditEntity: 'location' },
    );
  }
}
