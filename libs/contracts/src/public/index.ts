export * from './catalog';
export * from './categories';
export * from './content';
export * from './errors';
export * from './locations';
export * from './menu';
export * from './states';
export * from './admin';
