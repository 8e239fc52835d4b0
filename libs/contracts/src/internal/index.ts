export * from '../public';
export * from './jobs';
