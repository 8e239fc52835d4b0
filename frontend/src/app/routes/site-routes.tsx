import type { RouteObject } from 'react-router-dom';

/** Locations, stand, blog, FAQ, contact, about and legal routes (public site, part 2). Each page is a lazy chunk. */
export const siteRoutes: RouteObject[] = [];
