import type { RouteObject } from 'react-router-dom';

/** Menu, drink, prices, nutrition and calories routes (public site, part 1). Each page is a lazy chunk. */
export const catalogRoutes: RouteObject[] = [];
