// The site's domain rules, pure TypeScript without zod or I/O: the services, the BFF, the importers and the
// public pages share them (docs/architecture.md, "Libraries"). The payload schemas are in @coffee-guide/contracts.
export * from './week';
export * from './hours';
export * from './open-now';
export * from './dates';
export * from './figures';
export * from './slug';
export * from './legacy-slugs';
export * from './states';
export * from './categories';
export * from './drink-value';
export * from './menu-query';
export * from './query-params';
export * from './allergens';
export * from './compare';
export * from './finder';
export * from './money';
export * from './stands';
export * from './site';
export * from './media';
