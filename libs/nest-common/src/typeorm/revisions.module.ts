import { ADMIN_MESSAGES, type DeletedRecord, type Revision, type RevisionRestored } from '@coffee-guide/contracts';
import {
  Controller,
  Get,
  HttpCode,
  Inject,
  NotFoundException,
  Param,
  Post,
  Req,
  type Type,
  UseGuards,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { AdminJwtGuard, type AdminPrincipal, CurrentAdmin } from '../auth/admin-jwt.guard';
import { type AuditActor, auditActorOf } from '../auth/audit-trail';
import { findRevision, isDeleted, listDeleted, listRevisions } from '../revisions/revisions';
import { parseOrThrow, ZodPipe } from '../validation';

/**
 * How a resource writes an old version back (docs/decisions.md, "Revisions"): through its own write, so
 * the restore has the same checks (its schema: a 400 per field), the same transaction and the same audit
 * row and revision as an edit. The actor carries `restoreOf`, which names the new revision `restore`.
 */
export interface RevisionTarget {
  /** `exists` false: the record was deleted; write it back under the same id. Answers the record written. */
  restore(actor: AuditActor, recordId: string, snapshot: unknown, exists: boolean): Promise<unknown>;
}
export type RevisionTargets = Record<string, RevisionTarget>;

/** The provider of a service's `RevisionTargets` (by the admin API's resource name). */
export const REVISION_TARGETS = Symbol('REVISION_TARGETS');

const recordIdParam = z.string().regex(/^[A-Za-z0-9_.~-]{1,64}$/, 'must be a record id');
const revisionIdParam = z.string().regex(/^\d{1,18}$/, 'must be a revision id');

/**
 * The fields of an old version a write schema takes (a record has fields its write does not: id, times),
 * parsed by that schema: a version that no longer passes is a 400 naming each field.
 */
export function restoreInput<T extends z.ZodType>(schema: T, snapshot: unknown): z.infer<T> {
  const shape = shapeOf(schema);
  const record = typeof snapshot === 'object' && snapshot !== null ? (snapshot as Record<string, unknown>) : {};
  const picked = shape
    ? Object.fromEntries(
        Object.keys(shape)
          .filter((k) => k in record)
          .map((k) => [k, record[k]]),
      )
    : record;
  return parseOrThrow(schema, picked);
}

/** The object shape under a schema's refinements and transforms (a pipe's input), if it has one. */
function shapeOf(schema: unknown): Record<string, unknown> | undefined {
  let s = schema as { shape?: Record<string, unknown>; in?: unknown; _zod?: { def?: { in?: unknown } } } | undefined;
  for (let depth = 0; s && depth < 5; depth++) {
    if (s.shape) return s.shape;
    s = (s.in ?? s._zod?.def?.in) as typeof s;
  }
  return undefined;
}

/**
 * The history routes of each resource, behind the admin token (reads for every role, a restore for owners
 * and editors, as any write):
 * `GET /admin/<resource>/deleted`, `GET /admin/<resource>/:id/revisions`,
 * `POST /admin/<resource>/:id/revisions/:revisionId/restore`. Add the controllers to the module that
 * provides `REVISION_TARGETS`: `controllers: [...revisionControllers(['blog', 'seo'])]`.
 */
export function revisionControllers(resources: readonly string[]): Type[] {
  return resources.map((resource) => {
    @UseGuards(AdminJwtGuard)
    @Controller(`admin/${resource}`)
    class RevisionsController {
      constructor(
        @InjectDataSource() readonly db: DataSource,
        @Inject(REVISION_TARGETS) readonly targets: RevisionTargets,
      ) {}

      @Get('deleted')
      deleted(): Promise<DeletedRecord[]> {
        return listDeleted(this.db, resource);
      }

      @Get(':id/revisions')
      revisions(@Param('id', new ZodPipe(recordIdParam)) id: string): Promise<Revision[]> {
        return listRevisions(this.db, resource, id);
      }

      @Post(':id/revisions/:revisionId/restore')
      @HttpCode(200)
      async restore(
        @CurrentAdmin() admin: AdminPrincipal,
        @Req() req: { id?: unknown },
        @Param('id', new ZodPipe(recordIdParam)) id: string,
        @Param('revisionId', new ZodPipe(revisionIdParam)) revisionId: string,
      ): Promise<RevisionRestored> {
        const target = this.targets[resource];
        const revision = await findRevision(this.db, resource, id, revisionId);
        if (!target || !revision) throw new NotFoundException(ADMIN_MESSAGES.noRevision(revisionId));
        const exists = !(await isDeleted(this.db, resource, id));
        const actor = { ...auditActorOf(admin, req), restoreOf: revisionId, ...(exists ? {} : { restoreId: id }) };
        const record = await target.restore(actor, id, revision.snapshot, exists);
        return { recordId: id, restoredFrom: revisionId, record };
      }
    }
    Object.defineProperty(RevisionsController, 'name', { value: `Revisions_${resource.replace(/\W/g, '_')}` });
    return RevisionsController;
  });
}
