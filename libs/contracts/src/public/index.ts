export * from './catalog';
export * from './categories';
export * from './errors';
export * from './menu';
