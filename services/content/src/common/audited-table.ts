import type { CsvSpec } from '@coffee-guide/contracts';
import {
  type AuditActor,
  type CsvImporter,
  type CsvWrite,
  fieldErrors,
  recordAudit,
  rethrowUniqueViolation,
} from '@coffee-guide/nest-common';
import type { z } from 'zod';
import { NotFoundException } from '@nestjs/common';
import type { DataSource, DeepPartial, EntityManager, EntityTarget, FindOptionsWhere } from 'typeorm';

/** The fields a write stores, worked out inside its transaction (a blog post's free slug reads the table). */
type Fields<E> = (m: EntityManager) => DeepPartial<E> | Promise<DeepPartial<E>>;

/**
 * The admin writes of a table whose row maps to one contract record: each in one transaction with its
 * audit row; an unknown id is a 404, a unique key another row holds a 409 on its field.
 */
export class AuditedTable<E extends { id: number }, R extends { id: number }> {
  constructor(
    private readonly db: DataSource,
    private readonly table: {
      entity: EntityTarget<E>;
      /** The audit row's entity, e.g. `seo`. */
      auditEntity: string;
      /** The row in a 404's message: `No ${name} with id 3`. */
      name: string;
      toRecord: (row: E) => R;
      uniqueKeys: Record<string, { field: string; message: string }>;
    },
  ) {}

  async create(actor: AuditActor, fields: Fields<E>): Promise<R> {
    const { entity, auditEntity, toRecord, uniqueKeys } = this.table;
    try {
      return await this.db.transaction(async (m) => {
        let saved = await m.save(entity, m.create(entity, await fields(m)));
        if (actor.restoreId) {
          // A deleted record written back from its history takes its id back (docs/decisions.md, "Revisions").
          const table = m.getRepository(entity).metadata.tableName;
          await m.query(`UPDATE "${table}" SET id = $1 WHERE id = $2`, [Number(actor.restoreId), saved.id]);
          saved = await m.findOneOrFail(entity, { where: { id: Number(actor.restoreId) } as FindOptionsWhere<E> });
        }
        const after = toRecord(saved);
        await recordAudit(m, actor, { entity: auditEntity, entityId: after.id, action: 'create', before: null, after });
        return after;
      });
    } catch (error) {
      rethrowUniqueViolation(error, uniqueKeys);
    }
  }

  async update(actor: AuditActor, id: number, fields: Fields<E>): Promise<R> {
    const { entity, auditEntity, toRecord, uniqueKeys } = this.table;
    try {
      return await this.db.transaction(async (m) => {
        const row = await this.lockedRow(m, id);
        const before = toRecord(row);
        Object.assign(row, await fields(m));
        const after = toRecord(await m.save(entity, row));
        await recordAudit(m, actor, { entity: auditEntity, entityId: id, action: 'update', before, after });
        return after;
      });
    } catch (error) {
      rethrowUniqueViolation(error, uniqueKeys);
    }
  }

  async remove(actor: AuditActor, id: number): Promise<{ id: number; deleted: true }> {
    const { entity, auditEntity, toRecord } = this.table;
    return this.db.transaction(async (m) => {
      const row = await this.lockedRow(m, id);
      await m.delete(entity, { id } as FindOptionsWhere<E>);
      await recordAudit(m, actor, {
        entity: auditEntity,
        entityId: id,
        action: 'delete',
        before: toRecord(row),
        after: null,
      });
      return { id, deleted: true as const };
    });
  }

  /**
   * The table's CSV import (docs/csv.md): rows validated by the same write schema as the API, stored with
   * the same fields; the import's own transaction and single audit row are runCsvImport's.
   */
  csvImporter<W>(
    spec: CsvSpec<R>,
    schema: z.ZodType<W>,
    fields: (input: W, m: EntityManager, id?: number) => DeepPartial<E> | Promise<DeepPartial<E>>,
  ): CsvImporter<R> {
    const { entity, toRecord } = this.table;
    return {
      spec,
      load: async (m) => {
        const entities = new Map((await m.find(entity, { order: { id: 'ASC' } as never })).map((e) => [e.id, e]));
        return {
          rows: [...entities.values()].map(toRecord),
          validate: (input) => {
            const result = schema.safeParse(input);
            return result.success ? { data: result.data as CsvWrite } : { errors: fieldErrors(result.error) };
          },
          create: async (write) => m.save(entity, m.create(entity, await fields(write as W, m))),
          update: async (row, write) => {
            const existing = entities.get(row.id)!;
            Object.assign(existing, await fields(write as W, m, row.id));
            return m.save(entity, existing);
          },
        };
      },
    };
  }

  private async lockedRow(m: EntityManager, id: number): Promise<E> {
    const row = await m.findOne(this.table.entity, {
      where: { id } as FindOptionsWhere<E>,
      lock: { mode: 'pessimistic_write' },
    });
    if (!row) throw new NotFoundException(`No ${this.table.name} with id ${id}`);
    return row;
  }
}
