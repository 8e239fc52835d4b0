export * from './revisions';
