export * from '../public';
