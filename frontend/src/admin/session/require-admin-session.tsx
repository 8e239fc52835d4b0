import { Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { QueryError } from '@/components/query-error/query-error';
import { ApiError } from '@/lib/api-client';
import { meQueryOptions } from '../api/auth';
import { clearSession, SessionEndedError } from './session-store';
import { useAdminSession } from './use-admin-session';

/** The sign-in page, coming back to `returnTo` afterwards. */
export function signInPath(returnTo?: string): string {
  return returnTo ? `/admin/login?next=${encodeURIComponent(returnTo)}` : '/admin/login';
}

/** Only an admin page of this site is a place to come back to (never another origin). */
export function safeReturnPath(next: string | null): string {
  return next && /^\/admin\/[a-z]/.test(next) && !next.startsWith('//') && !next.startsWith('/admin/login')
    ? next
    : '/admin/dashboard';
}

const isSessionEnd = (error: unknown) =>
  error instanceof SessionEndedError || (error instanceof ApiError && error.status === 401);

/**
 * Without a valid session (no token, or one neither the server accepts nor the refresh cookie renews)
 * an admin page goes to the sign-in, which comes back here afterwards.
 */
export function RequireAdminSession({ children }: { children: ReactNode }) {
  const session = useAdminSession();
  const location = useLocation();
  const me = useQuery({ ...meQueryOptions(), enabled: session.token !== null });
  // an error left from an earlier session does not count while the check runs again
  const ended = session.token === null || (isSessionEnd(me.error) && !me.isFetching);

  useEffect(() => {
    if (session.token !== null && isSessionEnd(me.error) && !me.isFetching) clearSession();
  }, [session.token, me.error, me.isFetching]);

  if (ended) return <Navigate to={signInPath(location.pathname + location.search)} replace />;
  if (me.isPending || (me.isFetching && !me.data)) {
    return (
      <Center mih="50vh">
        <Loader aria-label="Checking your session" />
      </Center>
    );
  }
  if (me.isError) {
    return <QueryError title="We couldn't check your session." onRetry={() => me.refetch()} retrying={me.isFetching} />;
  }
  return children;
}
