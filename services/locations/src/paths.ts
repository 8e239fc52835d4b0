import * as path from 'node:path';

/** The package root, both from src/ (tests) and dist/ (built). */
export const PACKAGE_ROOT = path.resolve(__dirname, '..');
export const SEED_FILE = path.join(PACKAGE_ROOT, 'seed', 'stands.json');
