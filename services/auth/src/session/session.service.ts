import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { ADMIN_MESSAGES, type Admin, type AuthSession } from '@coffee-guide/contracts';
import {
  type AdminClaims,
  AdminTokenSigner,
  JwtVerifier,
  recordAudit,
  ValidationFailed,
} from '@coffee-guide/nest-common';
import {
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  type OnModuleInit,
  UnauthorizedException,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { AdministratorEntity } from '../admins/administrator.entity';
import { findByEmail, setAdministratorPassword, toAdmin } from '../admins/admins';
import { generatePassword, hashPassword, needsRehash, verifyPassword } from '../admins/password';
import { returning } from '../database/returning';
import { AUTH_ENV, type AuthEnv } from '../config/env';
import { LoginThrottle } from './login-throttle.service';
import { RefreshTokenEntity } from './refresh-token.entity';
import { openSuccessor, sealSuccessor } from './successor-seal';

export const INVALID_CREDENTIALS = ADMIN_MESSAGES.invalidCredentials;
const SESSION_ENDED = 'Your session has ended: sign in again';
/** Two tabs refreshing with the same cookie at once: the second, within this window, is not a theft. */
const ROTATION_GRACE_MS = 10_000;
/** Rotations followed from a token spent within the grace window to its live successor. */
const MAX_SUCCESSOR_HOPS = 5;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export interface RequestMeta {
  requestId?: string;
  /** The client's address (the BFF's signed one for the visitor, SessionController.meta): sign-in limits are per address. */
  ip?: string;
  setRetryAfter?: (seconds: number) => void;
}

@Injectable()
export class SessionService implements OnModuleInit {
  private readonly logger = new Logger(SessionService.name);
  /** Verified against for an unknown e-mail, so the answer takes as long as for a wrong password. */
  private dummyHash?: Promise<string>;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(AUTH_ENV) private readonly env: AuthEnv,
    private readonly signer: AdminTokenSigner,
    private readonly verifier: JwtVerifier,
    private readonly throttle: LoginThrottle,
  ) {}

  onModuleInit(): void {
    this.dummyHash = hashPassword(generatePassword());
  }

  /**
   * Every sign-in runs exactly one password check, whatever the case (unknown e-mail: against a dummy
   * hash; account locked for this address: the check runs and its result is ignored), and every refusal
   * is the same 401 with the same text: a lock cannot be told from a wrong password, nor an unknown
   * e-mail from a known one. Limits: LoginThrottle (per address; per account and address).
   */
  async login(email: string, password: string, meta: RequestMeta = {}): Promise<AuthSession> {
    const address = meta.ip ?? 'unknown';
    await this.throttle.attempt(address, meta.setRetryAfter);
    const admin = await findByEmail(this.db, email, true);
    const locked = await this.throttle.locked(email, address);
    const matches = await verifyPassword(admin?.passwordHash ?? (await this.dummyHash!), password);
    if (!admin || admin.disabledAt || locked || !matches) {
      const lockedNow = await this.throttle.failed(email, address);
      if (lockedNow && admin) await this.auditLock(admin.id, address, meta);
      throw new UnauthorizedException(INVALID_CREDENTIALS);
    }
    await this.throttle.succeeded(email, address);
    const rehash = needsRehash(admin.passwordHash) ? await hashPassword(password) : null;
    return this.db.transaction(async (manager) => {
      const [row] = await returning<{ token_version: number }>(
        manager,
        `UPDATE administrators SET failed_attempts = 0, locked_until = NULL, last_sign_in_at = now(),
           password_hash = COALESCE($2, password_hash) WHERE id = $1 RETURNING token_version`,
        [admin.id, rehash],
      );
      await recordAudit(
        manager,
        { adminId: admin.id, requestId: meta.requestId },
        { entity: 'session', entityId: admin.id, action: 'sign-in' },
      );
      return this.issue(manager, toAdmin(admin), row.token_version, randomUUID());
    });
  }

  /** A pair (account, address) just locked: audited, with the address, never the password. */
  private async auditLock(adminId: string, address: string, meta: RequestMeta): Promise<void> {
    this.logger.warn(
      `administrator ${adminId} locked for ${address} after ${this.env.LOGIN_MAX_FAILURES} failed sign-ins`,
    );
    await this.db.transaction((manager) =>
      recordAudit(
        manager,
        { adminId: null, requestId: meta.requestId },
        {
          entity: 'administrator',
          entityId: adminId,
          action: 'lock',
          after: { address, minutes: this.env.LOGIN_LOCK_MINUTES },
        },
      ),
    );
  }

  private async issue(
    manager: EntityManager,
    admin: Admin,
    tokenVersion: number,
    familyId: string,
  ): Promise<AuthSession & { id: string }> {
    const refreshToken = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + this.env.REFRESH_TOKEN_TTL_HOURS * 3_600_000);
    const saved = await manager.save(
      RefreshTokenEntity,
      manager.create(RefreshTokenEntity, { adminId: admin.id, familyId, tokenHash: sha256(refreshToken), expiresAt }),
    );
    const token = await this.signer.sign(
      { sub: admin.id, ver: tokenVersion, role: admin.role },
      this.env.ACCESS_TOKEN_TTL_SECONDS,
    );
    return { id: saved.id, token, admin, refreshToken, refreshExpiresAt: expiresAt.toISOString() };
  }

  /**
   * A new access token and a new refresh token for a valid one, which is spent. The spent one used again
   * within ROTATION_GRACE_MS (two tabs, or two requests at once) answers that same successor with a new
   * access token, never a second live session; used again later, it revokes the family (docs/security.md,
   * "A refresh token spent twice at once"). The row is locked for the transaction, so two refreshes with
   * one token run one after the other and the second sees the first's successor.
   */
  async refresh(refreshToken: string, meta: RequestMeta = {}): Promise<AuthSession> {
    const result = await this.db.transaction(async (manager) => {
      const row = await manager.findOne(RefreshTokenEntity, {
        where: { tokenHash: sha256(refreshToken) },
        lock: { mode: 'pessimistic_write' },
      });
      if (!row || row.expiresAt.getTime() <= Date.now()) return { error: SESSION_ENDED };
      const successor = row.revokedAt ? await this.successorWithinGrace(manager, row, refreshToken) : null;
      if (row.revokedAt && !successor) {
        if (row.replacedBy) await this.revokeFamily(manager, row, meta);
        return { error: SESSION_ENDED };
      }
      const admin = await manager.findOne(AdministratorEntity, { where: { id: row.adminId } });
      if (!admin || admin.disabledAt) return { error: SESSION_ENDED };
      if (successor) {
        const token = await this.signer.sign(
          { sub: admin.id, ver: admin.tokenVersion, role: admin.role },
          this.env.ACCESS_TOKEN_TTL_SECONDS,
        );
        const session: AuthSession = {
          token,
          admin: toAdmin(admin),
          refreshToken: successor.token,
          refreshExpiresAt: successor.row.expiresAt.toISOString(),
        };
        return { session };
      }
      const next = await this.issue(manager, toAdmin(admin), admin.tokenVersion, row.familyId);
      await manager.update(
        RefreshTokenEntity,
        { id: row.id },
        { revokedAt: new Date(), replacedBy: next.id, successorSealed: sealSuccessor(refreshToken, next.refreshToken) },
      );
      const { id: _id, ...session } = next;
      return { session };
    });
    if ('error' in result) throw new UnauthorizedException(result.error);
    return result.session;
  }

  /**
   * The live successor of a token spent by rotation within the grace window, following the chain when that
   * successor was itself rotated meanwhile (each link within its own window); null when there is none (the
   * token was spent longer ago, or its sign-in was ended), which is a reuse.
   */
  private async successorWithinGrace(
    manager: EntityManager,
    spent: RefreshTokenEntity,
    spentToken: string,
  ): Promise<{ row: RefreshTokenEntity; token: string } | null> {
    let row = spent;
    let token = spentToken;
    for (let hops = 0; hops < MAX_SUCCESSOR_HOPS; hops++) {
      if (!row.revokedAt) return row.expiresAt.getTime() > Date.now() ? { row, token } : null;
      if (!row.replacedBy || !row.successorSealed || Date.now() - row.revokedAt.getTime() >= ROTATION_GRACE_MS)
        return null;
      const nextToken = openSuccessor(token, row.successorSealed);
      const next = await manager.findOne(RefreshTokenEntity, {
        where: { id: row.replacedBy },
        lock: { mode: 'pessimistic_write' },
      });
      if (!nextToken || !next || next.tokenHash !== sha256(nextToken)) return null;
      row = next;
      token = nextToken;
    }
    return null;
  }

  /** A spent refresh token came back: someone holds a copy. End that sign-in everywhere. */
  private async revokeFamily(manager: EntityManager, row: RefreshTokenEntity, meta: RequestMeta): Promise<void> {
    await manager.query(`UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL`, [
      row.familyId,
    ]);
    const [bumped] = await returning<{ token_version: number }>(
      manager,
      `UPDATE administrators SET token_version = token_version + 1 WHERE id = $1 RETURNING token_version`,
      [row.adminId],
    );
    this.logger.warn(`a spent refresh token of administrator ${row.adminId} was reused: its sign-in is revoked`);
    await recordAudit(
      manager,
      { adminId: null, requestId: meta.requestId },
      {
        entity: 'session',
        entityId: row.adminId,
        action: 'refresh-reuse',
        after: { tokenVersion: bumped?.token_version ?? null },
      },
    );
  }

  /**
   * Ends the sign-in: the refresh token's family is revoked and the token version bumped, so every access
   * token issued before is refused. Known from the refresh token, or else from a valid access token.
   */
  async logout(refreshToken: string | undefined, authorization: string | undefined, meta: RequestMeta = {}) {
    let adminId: string | null = null;
    let familyId: string | null = null;
    if (refreshToken) {
      const row = await this.db
        .getRepository(RefreshTokenEntity)
        .findOne({ where: { tokenHash: sha256(refreshToken) } });
      if (row) ({ adminId, familyId } = row);
    }
    if (!adminId && authorization) {
      try {
        adminId = (await this.verifier.verify(JwtVerifier.bearer(authorization))).sub;
      } catch {
        adminId = null;
      }
    }
    if (!adminId) return { adminId: null, tokenVersion: null };
    return this.db.transaction(async (manager) => {
      if (familyId)
        await manager.query(
          `UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL`,
          [familyId],
        );
      const rows = await returning<{ token_version: number }>(
        manager,
        `UPDATE administrators SET token_version = token_version + 1 WHERE id = $1 RETURNING token_version`,
        [adminId],
      );
      if (!rows.length) return { adminId: null, tokenVersion: null };
      await recordAudit(
        manager,
        { adminId, requestId: meta.requestId },
        { entity: 'session', entityId: adminId, action: 'sign-out' },
      );
      return { adminId, tokenVersion: rows[0].token_version };
    });
  }

  /** The administrator of a verified token, if the token is still current (not revoked by a logout). */
  async current(claims: AdminClaims): Promise<AdministratorEntity> {
    const admin = await this.db.getRepository(AdministratorEntity).findOne({ where: { id: claims.sub } });
    if (!admin || admin.disabledAt || claims.ver < admin.tokenVersion)
      throw new UnauthorizedException('This admin token was revoked: sign in again');
    return admin;
  }

  /** For every guard: the current token version; 404 for an administrator deleted or disabled. */
  async tokenVersion(id: string): Promise<{ id: string; tokenVersion: number }> {
    const admin = await this.db.getRepository(AdministratorEntity).findOne({ where: { id } });
    if (!admin || admin.disabledAt) throw new NotFoundException('No such administrator');
    return { id, tokenVersion: admin.tokenVersion };
  }

  /** Changes the password (current one required), ends every other sign-in, and starts a new one. */
  async changePassword(
    claims: AdminClaims,
    currentPassword: string,
    newPassword: string,
    meta: RequestMeta = {},
  ): Promise<AuthSession> {
    const admin = await this.current(claims);
    const withHash = (await findByEmail(this.db, admin.email, true))!;
    const address = meta.ip ?? 'unknown';
    const locked = await this.throttle.locked(admin.email, address);
    const matches = await verifyPassword(withHash.passwordHash, currentPassword);
    if (locked || !matches) {
      if (await this.throttle.failed(admin.email, address)) await this.auditLock(admin.id, address, meta);
      throw new ValidationFailed({ currentPassword: 'is not your current password' });
    }
    if (currentPassword === newPassword)
      throw new ValidationFailed({ newPassword: 'must differ from the current password' });
    const { tokenVersion } = await setAdministratorPassword(this.db, admin.email, newPassword, admin.id);
    const session = await this.db.transaction((manager) =>
      this.issue(manager, toAdmin(admin), tokenVersion, randomUUID()),
    );
    const { id: _id, ...rest } = session;
    return rest;
  }
}
