import { type AdminRole, canManageAdmins, canWriteContent } from '@coffee-guide/contracts';
import { useAdminSession } from './use-admin-session';

/**
 * What the signed-in administrator may do (docs/security.md, "Roles"): the admin hides what a role cannot do;
 * every service refuses it anyway.
 */
export function useRole(): { role: AdminRole | undefined; canWrite: boolean; canManageAdmins: boolean } {
  const role = useAdminSession().admin?.role;
  return { role, canWrite: canWriteContent(role), canManageAdmins: canManageAdmins(role) };
}
