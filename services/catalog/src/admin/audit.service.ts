import type { AuditEntry } from '@coffee-guide/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { AuditLogEntity } from './audit-log.entity';

export interface Actor {
  adminId: string;
  requestId?: string;
}

export interface AuditRecord {
  entity: 'menu-item' | 'price' | 'nutrition' | 'food' | 'recipe';
  entityId: string | number;
  action: 'create' | 'update' | 'delete';
  before: unknown;
  after: unknown;
}

/** The catalog's audit trail: a row per admin write, inserted in the write's own transaction. */
@Injectable()
export class AuditService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async record(manager: EntityManager, actor: Actor, entry: AuditRecord): Promise<void> {
    const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));
    await manager.query(
      `INSERT INTO audit_log (admin_id, entity, entity_id, action, before, after, request_id)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7)`,
      [actor.adminId, entry.entity, String(entry.entityId), entry.action, json(entry.before), json(entry.after), actor.requestId?.slice(0, 128) ?? null],
    );
  }

  async list(limit: number): Promise<AuditEntry[]> {
    const rows = await this.db.getRepository(AuditLogEntity).find({ order: { at: 'DESC', id: 'DESC' }, take: limit });
    return rows.map((r) => ({
      id: `catalog:${r.id}`,
      service: 'catalog',
      adminId: r.adminId,
      at: r.at.toISOString(),
      entity: r.entity,
      entityId: r.entityId,
      action: r.action,
      before: r.before ?? null,
      after: r.after ?? null,
    }));
  }
}
