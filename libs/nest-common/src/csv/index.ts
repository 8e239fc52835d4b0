export * from './csv-file';
export * from './csv-http';
export * from './csv-import';
