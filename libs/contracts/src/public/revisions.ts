import { z } from 'zod';

// ---------------------------------------------------------------------------------------------------------
// Roles, administrators, revisions (docs/security.md, "Roles"; docs/web.md, "History and restore")
// ---------------------------------------------------------------------------------------------------------

/** What an administrator may do: owners everything, editors all content (not administrators), viewers read. */
export const ADMIN_ROLES = ['owner', 'editor', 'viewer'] as const;
export const adminRoleSchema = z.enum(ADMIN_ROLES, { error: 'must be owner, editor or viewer' });
export type AdminRole = z.infer<typeof adminRoleSchema>;

/** Whether a role may write content (every write but administrator management). */
export const canWriteContent = (role: AdminRole | undefined): boolean => role === 'owner' || role === 'editor';
/** Whether a role may manage administrators. */
export const canManageAdmins = (role: AdminRole | undefined): boolean => role === 'owner';

/** GET /api/admin/admins: one administrator as an owner sees them (never a password or a hash). */
export const administratorSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: adminRoleSchema,
  disabled: z.boolean(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
});
export type Administrator = z.infer<typeof administratorSchema>;
export const administratorListSchema = z.array(administratorSchema);

/** The policy itself (length, not the e-mail, not a common one) is auth's, as at sign-in. */
const passwordFieldSchema = z
  .string({ error: (i) => (i.input === undefined ? 'is required' : 'must be text') })
  .min(1, 'is required')
  .max(256, 'must be at most 256 characters');

const email = z
  .string({ error: (i) => (i.input === undefined ? 'is required' : 'must be text') })
  .trim()
  .min(1, 'is required')
  .max(254, 'must be at most 254 characters');

/** POST /api/admin/admins: the password follows sign-in's rules (checked by auth, docs/security.md). */
export const administratorCreateSchema = z.strictObject({
  email,
  role: adminRoleSchema,
  password: passwordFieldSchema,
  name: z.string({ error: 'must be text' }).trim().min(1, 'is required').max(120).optional(),
});
export type AdministratorCreate = z.infer<typeof administratorCreateSchema>;

/** PUT /api/admin/admins/{id}: a new role, password or disabled state (at least one). */
export const administratorUpdateSchema = z
  .strictObject({
    role: adminRoleSchema.optional(),
    password: passwordFieldSchema.optional(),
    disabled: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .refine((v) => v.role !== undefined || v.password !== undefined || v.disabled !== undefined, {
    message: 'give a role, a password or disabled',
    path: ['role'],
  });
export type AdministratorUpdate = z.infer<typeof administratorUpdateSchema>;

/** One field's change between a revision and the one before it (`before` undefined: the field was not there). */
export const revisionChangeSchema = z.object({
  field: z.string(),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});
export type RevisionChange = z.infer<typeof revisionChangeSchema>;

/**
 * One kept version of a record: who wrote it and when, the whole record as it was then (`snapshot`; for a
 * delete, the record just before it went), and what changed from the revision before it.
 */
export const revisionSchema = z.object({
  id: z.string(),
  resource: z.string(),
  recordId: z.string(),
  action: z.string(),
  adminId: z.string().nullable(),
  at: z.string(),
  deleted: z.boolean(),
  restoredFrom: z.string().nullable(),
  snapshot: z.unknown(),
  changes: z.array(revisionChangeSchema),
});
export type Revision = z.infer<typeof revisionSchema>;
/** GET /api/admin/{resource}/{id}/revisions: newest first. */
export const revisionListSchema = z.array(revisionSchema);

/** GET /api/admin/{resource}/deleted: each deleted record's last revision (restore it to bring the record back). */
export const deletedRecordSchema = z.object({
  recordId: z.string(),
  revisionId: z.string(),
  adminId: z.string().nullable(),
  at: z.string(),
  snapshot: z.unknown(),
});
export type DeletedRecord = z.infer<typeof deletedRecordSchema>;
export const deletedRecordListSchema = z.array(deletedRecordSchema);

/** POST /api/admin/{resource}/{id}/revisions/{revisionId}/restore: the record as written again. */
export const revisionRestoredSchema = z.object({
  recordId: z.string(),
  restoredFrom: z.string(),
  record: z.unknown(),
});
export type RevisionRestored = z.infer<typeof revisionRestoredSchema>;

/** GET /api/admin/audit's filters: administrator, resource (the audit row's entity), a date range. */
export const auditFilterSchema = z.object({
  limit: z.coerce
    .number({ error: 'must be a whole number from 1 to 500' })
    .int('must be a whole number from 1 to 500')
    .min(1, 'must be a whole number from 1 to 500')
    .max(500, 'must be a whole number from 1 to 500')
    .default(100),
  admin: z.string().max(64, 'must be at most 64 characters').optional(),
  resource: z.string().max(40, 'must be at most 40 characters').optional(),
  from: z.iso.date('must be a date (YYYY-MM-DD)').optional(),
  to: z.iso.date('must be a date (YYYY-MM-DD)').optional(),
});
export type AuditFilter = z.infer<typeof auditFilterSchema>;
