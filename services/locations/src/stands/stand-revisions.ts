import { standWriteSchema } from '@coffee-guide/contracts';
import { type AuditActor, recordAudit } from '@coffee-guide/nest-common';
import { restoreInput, type RevisionTargets } from '@coffee-guide/nest-common/typeorm';
import type { DataSource } from 'typeorm';
import { StandEntity } from './stand.entity';
import { toAdminLocation } from './stand.mapper';
import { StandWriter } from './stand-writer';
import { StandsService } from './stands.service';

/**
 * How a stand is written back from its history (docs/decisions.md, "Revisions"): a stand that is there
 * through its own update; a deleted one through the create's checks and derivations, then given its old id
 * (and the code made from it) in the same transaction as its audit row and revision.
 */
export function standRevisionTargets(stands: StandsService, writer: StandWriter, db: DataSource): RevisionTargets {
  const recreate = (actor: AuditActor, id: number, snapshot: unknown) => {
    const input = restoreInput(standWriteSchema, snapshot);
    const at = new Date();
    return db.transaction(async (manager) => {
      const stand = await writer.create(manager, input);
      await manager.query(`UPDATE stands SET id = $1, code = state || '-' || $2 WHERE id = $3`, [
        id,
        String(id),
        stand.id,
      ]);
      const after = toAdminLocation(await manager.findOneOrFail(StandEntity, { where: { id } }), at);
      await recordAudit(manager, actor, { entity: 'location', entityId: id, action: 'create', before: null, after });
      return after;
    });
  };
  return {
    locations: {
      restore: (actor, id, snapshot, exists) =>
        exists
          ? stands.update(actor, Number(id), restoreInput(standWriteSchema, snapshot), new Date())
          : recreate(actor, Number(id), snapshot),
    },
  };
}
