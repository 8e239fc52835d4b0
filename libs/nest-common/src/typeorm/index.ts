// The Nest modules that need TypeORM, apart from the package's main entry: the BFF, which has no database,
// imports that entry and so never loads TypeORM (docs/capacity.md).
export * from './audit-trail.module';
export * from './health.module';
export * from './revisions.module';
