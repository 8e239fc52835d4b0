export * from './admin-auth.module';
export * from './admin-jwt.guard';
export * from './audit-trail';
export * from './jwt-verifier';
export * from './token';
export * from './token-versions';
