import {
  ADMIN_MESSAGES,
  ADMIN_ROW_NAMES,
  type Administrator,
  type AdministratorCreate,
  administratorCreateSchema,
  type AdministratorUpdate,
  administratorUpdateSchema,
  type AdminRole,
} from '@coffee-guide/contracts';
import {
  AdminJwtGuard,
  type AdminPrincipal,
  AdminRoles,
  type AuditActor,
  auditActorOf,
  CurrentAdmin,
  recordAudit,
  ValidationFailed,
  ZodPipe,
} from '@coffee-guide/nest-common';
import {
  Body,
  ConflictException,
  Controller,
  Delete,
  Get,
  HttpCode,
  NotFoundException,
  Param,
  Post,
  Put,
  Req,
  UseGuards,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { z } from 'zod';
import { AdministratorEntity } from './administrator.entity';
import { createAdministrator } from './admins';
import { hashPassword, passwordProblem } from './password';

const idParam = z.uuid('must be an administrator id');

export function toAdministrator(a: AdministratorEntity): Administrator {
  return {
    id: a.id,
    email: a.email,
    name: a.name,
    role: a.role,
    disabled: a.disabledAt !== null,
    createdAt: a.createdAt.toISOString(),
    lastSignInAt: a.lastSignInAt ? a.lastSignInAt.toISOString() : null,
  };
}

/** The record a revision keeps: never a hash, nor the times a sign-in moves. */
const revisionOf = (a: Administrator) => ({
  id: a.id,
  email: a.email,
  name: a.name,
  role: a.role,
  disabled: a.disabled,
});

/**
 * Administrator management for owners (docs/security.md, "Roles"): list, create (sign-in's password
 * rules), change role, password or disabled, delete. The last owner who is not disabled can be neither
 * demoted, disabled nor deleted (409). A change of role raises the administrator's token version, so their
 * tokens of the old role are refused at once (their next refresh carries the new one); a new password or
 * disabling also ends their sessions. Every change audited with a revision, in its transaction.
 */
@UseGuards(AdminJwtGuard)
@AdminRoles('owner')
@Controller('admin/admins')
export class AdminsController {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  @Get()
  async list(): Promise<Administrator[]> {
    const rows = await this.db.getRepository(AdministratorEntity).find({ order: { createdAt: 'ASC', id: 'ASC' } });
    return rows.map(toAdministrator);
  }

  @Post()
  @HttpCode(201)
  async create(
    @CurrentAdmin() admin: AdminPrincipal,
    @Body(new ZodPipe(administratorCreateSchema)) body: AdministratorCreate,
  ): Promise<Administrator> {
    const name = body.name ?? body.email.split('@')[0] ?? 'Administrator';
    const created = await createAdministrator(
      this.db,
      { email: body.email, name, password: body.password, role: body.role },
      admin.id,
    );
    const row = await this.db.getRepository(AdministratorEntity).findOneByOrFail({ id: created.id });
    return toAdministrator(row);
  }

  @Put(':id')
  async update(
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() req: { id?: unknown },
    @Param('id', new ZodPipe(idParam)) id: string,
    @Body(new ZodPipe(administratorUpdateSchema)) body: AdministratorUpdate,
  ): Promise<Administrator> {
    const actor = auditActorOf(admin, req);
    const current = await this.db.getRepository(AdministratorEntity).findOneBy({ id });
    if (!current) throw new NotFoundException(ADMIN_MESSAGES.notFound(ADMIN_ROW_NAMES.admins, id));
    let passwordHash: string | null = null;
    if (body.password !== undefined) {
      const problem = passwordProblem(body.password, current.email);
      if (problem) throw new ValidationFailed({ password: problem });
      passwordHash = await hashPassword(body.password);
    }
    return this.db.transaction(async (m) => {
      const row = await this.lockedRow(m, id);
      const before = toAdministrator(row);
      const role: AdminRole = body.role ?? row.role;
      const disabled = body.disabled ?? row.disabledAt !== null;
      if (before.role === 'owner' && !before.disabled && (role !== 'owner' || disabled)) {
        await this.keepAnOwner(m, id);
      }
      const endSessions = passwordHash !== null || (disabled && !before.disabled);
      const bump = endSessions || role !== before.role;
      await m.query(
        `UPDATE administrators SET role = $2,
           disabled_at = CASE WHEN $3 THEN COALESCE(disabled_at, now()) ELSE NULL END,
           password_hash = COALESCE($4, password_hash),
           failed_attempts = CASE WHEN $4::text IS NULL THEN failed_attempts ELSE 0 END,
           locked_until = CASE WHEN $4::text IS NULL THEN locked_until ELSE NULL END,
           token_version = token_version + $5, updated_at = now()
         WHERE id = $1`,
        [id, role, disabled, passwordHash, bump ? 1 : 0],
      );
      if (endSessions) {
        await m.query(`UPDATE refresh_tokens SET revoked_at = now() WHERE admin_id = $1 AND revoked_at IS NULL`, [id]);
      }
      const after = toAdministrator(await this.lockedRow(m, id));
      await recordAudit(m, actor, {
        entity: 'administrator',
        entityId: id,
        action: passwordHash && role === before.role && disabled === before.disabled ? 'password-change' : 'update',
        before: revisionOf(before),
        after: revisionOf(after),
        resource: 'admins',
      });
      return after;
    });
  }

  @Delete(':id')
  async remove(
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() req: { id?: unknown },
    @Param('id', new ZodPipe(idParam)) id: string,
  ): Promise<{ id: string; deleted: true }> {
    const actor: AuditActor = auditActorOf(admin, req);
    return this.db.transaction(async (m) => {
      const row = await this.lockedRow(m, id);
      const before = toAdministrator(row);
      if (before.role === 'owner' && !before.disabled) await this.keepAnOwner(m, id);
      await m.delete(AdministratorEntity, { id });
      await recordAudit(m, actor, {
        entity: 'administrator',
        entityId: id,
        action: 'delete',
        before: revisionOf(before),
        after: null,
        resource: 'admins',
      });
      return { id, deleted: true as const };
    });
  }

  /** Management changes one after another (the owners counted are the owners there are): the table locked. */
  private async lockedRow(m: EntityManager, id: string): Promise<AdministratorEntity> {
    await m.query(`LOCK TABLE administrators IN SHARE ROW EXCLUSIVE MODE`);
    const row = await m.findOne(AdministratorEntity, { where: { id } });
    if (!row) throw new NotFoundException(ADMIN_MESSAGES.notFound(ADMIN_ROW_NAMES.admins, id));
    return row;
  }

  /** 409 unless another owner who is not disabled remains. */
  private async keepAnOwner(m: EntityManager, id: string): Promise<void> {
    const others: unknown[] = await m.query(
      `SELECT 1 FROM administrators WHERE role = 'owner' AND disabled_at IS NULL AND id <> $1 LIMIT 1`,
      [id],
    );
    if (!others.length) throw new ConflictException(ADMIN_MESSAGES.lastOwner);
  }
}
