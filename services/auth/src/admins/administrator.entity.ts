import type { AdminRole } from '@coffee-guide/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('administrators')
export class AdministratorEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** Unique case-insensitively (index on lower(email)); stored as entered, trimmed and lowercased. */
  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ type: 'varchar', length: 120 })
  name!: string;

  /** owner, editor or viewer (docs/security.md, "Roles"); carried by every access token. */
  @Column({ type: 'varchar', length: 10, default: 'viewer' })
  role!: AdminRole;

  /** argon2id, OWASP parameters; never leaves this service. */
  @Column({ name: 'password_hash', type: 'text', select: false })
  passwordHash!: string;

  /** Bumped by logout and password change: tokens carrying an older version are revoked. */
  @Column({ name: 'token_version', type: 'int', default: 0 })
  tokenVersion!: number;

  @Column({ name: 'failed_attempts', type: 'int', default: 0 })
  failedAttempts!: number;

  @Column({ name: 'locked_until', type: 'timestamptz', nullable: true })
  lockedUntil!: Date | null;

  /** Set: the administrator cannot sign in, and every token of theirs is refused (npm run admin:disable). */
  @Column({ name: 'disabled_at', type: 'timestamptz', nullable: true })
  disabledAt!: Date | null;

  @Column({ name: 'last_sign_in_at', type: 'timestamptz', nullable: true })
  lastSignInAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
