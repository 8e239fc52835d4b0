import { useAdministrators } from '../api/history';
import { useAdminSession } from '../session/use-admin-session';
import { useRole } from '../session/use-role';

/**
 * Who an administrator id is, for the history and the audit: the signed-in administrator, and for owners
 * every administrator (their list); anyone else by a short id. No id: the system itself.
 */
export function useAdminNames(): (id: string | null) => string {
  const { canManageAdmins } = useRole();
  const me = useAdminSession().admin;
  const admins = useAdministrators(canManageAdmins);
  return (id) => {
    if (id === null) return 'the system';
    if (me && id === me.id) return me.email;
    const known = admins.data?.find((a) => a.id === id);
    return known ? known.email : `administrator ${id.slice(0, 8)}`;
  };
}
