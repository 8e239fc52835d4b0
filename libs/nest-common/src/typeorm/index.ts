// What only the services need, apart from the package's main entry: the database (data sources, migrations, seeds)
// and the Nest modules that need TypeORM. The BFF, which has no database, imports the main entry and so never loads
// TypeORM (docs/capacity.md; checked by entry.spec.ts).
export * from './database';
export * from './audit-trail.module';
export * from './health.module';
export * from './revisions.module';
