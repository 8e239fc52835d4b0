import type { RouteObject } from 'react-router-dom';

/** /admin, /admin/login and /admin/dashboard. Every admin module is loaded lazily from here, never from public code. */
export const adminRoutes: RouteObject[] = [];
