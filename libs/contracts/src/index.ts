export * from './public';
export * from './api';
