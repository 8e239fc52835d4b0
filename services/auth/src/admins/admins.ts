import {
  type Admin,
  ADMIN_ROLES,
  type AdminRole,
  hasInvisibleCharacters,
  SINGLE_LINE_INVISIBLE_MESSAGE,
} from '@coffee-guide/contracts';
import { recordAudit, ValidationFailed } from '@coffee-guide/nest-common';
import type { DataSource, EntityManager } from 'typeorm';
import { returning } from '../database/returning';
import { AdministratorEntity } from './administrator.entity';
import { hashPassword, passwordProblem } from './password';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export function toAdmin(a: AdministratorEntity): Admin {
  return { id: a.id, email: a.email, name: a.name, role: a.role };
}

/** Whether there is an owner who is not disabled (the first administrator made becomes one). */
export async function hasActiveOwner(manager: EntityManager | DataSource): Promise<boolean> {
  const rows: unknown[] = await manager.query(
    `SELECT 1 FROM administrators WHERE role = 'owner' AND disabled_at IS NULL LIMIT 1`,
  );
  return rows.length > 0;
}

export async function findByEmail(
  db: DataSource,
  email: string,
  withHash = false,
): Promise<AdministratorEntity | null> {
  const qb = db
    .getRepository(AdministratorEntity)
    .createQueryBuilder('a')
    .where('lower(a.email) = :email', { email: normalizeEmail(email) });
  if (withHash) qb.addSelect('a.passwordHash');
  return qb.getOne();
}

/**
 * Creates an administrator (CLI, first start): a valid e-mail not yet used, a name, and a password that
 * passes the policy. Audited.
 */
export async function createAdministrator(
  db: DataSource,
  input: { email: string; name: string; password: string; role?: AdminRole },
  actor: string | null = null,
): Promise<Admin> {
  const email = normalizeEmail(input.email);
  const name = input.name.trim();
  const errors: Record<string, string> = {};
  if (!EMAIL.test(email) || email.length > 254) errors.email = 'must be an e-mail address';
  else if (hasInvisibleCharacters(email)) errors.email = SINGLE_LINE_INVISIBLE_MESSAGE;
  if (!name || name.length > 120) errors.name = 'must be 1 to 120 characters';
  // A name that shows as "Admin" is "Admin" (contracts' text-rules.ts).
  else if (hasInvisibleCharacters(name)) errors.name = SINGLE_LINE_INVISIBLE_MESSAGE;
  const problem = passwordProblem(input.password, email);
  if (problem) errors.password = problem;
  if (input.role !== undefined && !ADMIN_ROLES.includes(input.role)) errors.role = 'must be owner, editor or viewer';
  if (Object.keys(errors).length) throw new ValidationFailed(errors);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (manager) => {
    // No role given (the CLI, the first start): the first administrator is an owner, later ones editors.
    await manager.query(`LOCK TABLE administrators IN SHARE ROW EXCLUSIVE MODE`);
    const role: AdminRole = input.role ?? ((await hasActiveOwner(manager)) ? 'editor' : 'owner');
    const exists = await manager
      .getRepository(AdministratorEntity)
      .createQueryBuilder('a')
      .where('lower(a.email) = :email', { email })
      .getExists();
    if (exists) throw new ValidationFailed({ email: 'an administrator with this e-mail already exists' });
    const saved = await manager.save(
      AdministratorEntity,
      manager.create(AdministratorEntity, { email, name, passwordHash, role }),
    );
    const admin = toAdmin(saved);
    await recordAudit(
      manager,
      { adminId: actor },
      {
        entity: 'administrator',
        entityId: admin.id,
        action: 'create',
        after: { ...admin, disabled: false },
        resource: 'admins',
      },
    );
    return admin;
  });
}

/**
 * Sets an administrator's password (CLI, or the password change): policy, new hash, every token and
 * session revoked (token version bumped, refresh tokens revoked), the lock lifted. Audited.
 */
export async function setAdministratorPassword(
  db: DataSource,
  email: string,
  password: string,
  actor: string | null = null,
): Promise<{ admin: Admin; tokenVersion: number }> {
  const admin = await findByEmail(db, email);
  if (!admin) throw new ValidationFailed({ email: 'no administrator with this e-mail' });
  const problem = passwordProblem(password, admin.email);
  if (problem) throw new ValidationFailed({ newPassword: problem });
  const passwordHash = await hashPassword(password);
  return db.transaction(async (manager) => {
    const [row] = await returning<{ token_version: number }>(
      manager,
      `UPDATE administrators SET password_hash = $2, token_version = token_version + 1, failed_attempts = 0,
         locked_until = NULL, updated_at = now() WHERE id = $1 RETURNING token_version`,
      [admin.id, passwordHash],
    );
    await manager.query(`UPDATE refresh_tokens SET revoked_at = now() WHERE admin_id = $1 AND revoked_at IS NULL`, [
      admin.id,
    ]);
    await recordAudit(
      manager,
      { adminId: actor },
      {
        entity: 'administrator',
        entityId: admin.id,
        action: 'password-change',
        before: { tokenVersion: admin.tokenVersion },
        after: { tokenVersion: row.token_version },
      },
    );
    return { admin: toAdmin(admin), tokenVersion: row.token_version };
  });
}

/**
 * Deletes an administrator (CLI): their refresh tokens go with them (ON DELETE CASCADE), and every access
 * token of theirs is refused at once by every process, whose guard finds no administrator. Audited.
 */
export async function deleteAdministrator(db: DataSource, email: string, actor: string | null = null): Promise<Admin> {
  return db.transaction(async (manager) => {
    const rows = await returning<{ id: string; email: string; name: string; role: AdminRole }>(
      manager,
      `DELETE FROM administrators WHERE lower(email) = $1 RETURNING id, email, name, role`,
      [normalizeEmail(email)],
    );
    if (!rows.length) throw new ValidationFailed({ email: 'no administrator with this e-mail' });
    const admin = { id: rows[0].id, email: rows[0].email, name: rows[0].name, role: rows[0].role };
    await recordAudit(
      manager,
      { adminId: actor },
      {
        entity: 'administrator',
        entityId: admin.id,
        action: 'delete',
        before: { ...admin, disabled: false },
        resource: 'admins',
      },
    );
    return admin;
  });
}

/**
 * Disables an administrator (CLI), or enables them again: disabled, they cannot sign in and every token of
 * theirs is refused at once by every process (the token version is raised and their refresh tokens
 * revoked too, so enabling them again revives no old session). Audited.
 */
export async function setAdministratorDisabled(
  db: DataSource,
  email: string,
  disabled: boolean,
  actor: string | null = null,
): Promise<Admin> {
  return db.transaction(async (manager) => {
    const rows = await returning<{ id: string; email: string; name: string; role: AdminRole }>(
      manager,
      disabled
        ? `UPDATE administrators SET disabled_at = COALESCE(disabled_at, now()), token_version = token_version + 1, updated_at = now()
             WHERE lower(email) = $1 RETURNING id, email, name, role`
        : `UPDATE administrators SET disabled_at = NULL, updated_at = now() WHERE lower(email) = $1 RETURNING id, email, name, role`,
      [normalizeEmail(email)],
    );
    if (!rows.length) throw new ValidationFailed({ email: 'no administrator with this e-mail' });
    const admin = { id: rows[0].id, email: rows[0].email, name: rows[0].name, role: rows[0].role };
    if (disabled)
      await manager.query(`UPDATE refresh_tokens SET revoked_at = now() WHERE admin_id = $1 AND revoked_at IS NULL`, [
        admin.id,
      ]);
    await recordAudit(
      manager,
      { adminId: actor },
      {
        entity: 'administrator',
        entityId: admin.id,
        action: disabled ? 'disable' : 'enable',
        after: { ...admin, disabled },
        resource: 'admins',
      },
    );
    return admin;
  });
}
