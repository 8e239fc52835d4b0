export * from './recipe';
export * from './foods';
export * from './nutrition';
export * from './price';
export * from './customise';
