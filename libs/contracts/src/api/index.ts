export * from './operations';
export * from './openapi';
export * from './site';
export * from './ssr-entry';
