import * as path from 'node:path';

/** The package root, both from src/ (tests) and dist/ (built). */
export const PACKAGE_ROOT = path.resolve(__dirname, '..');
export const REPO_ROOT = path.resolve(PACKAGE_ROOT, '..', '..');
/** Development signing keys (gitignored): replicas that share the folder share the key. */
export const DEV_KEY_DIR = path.join(REPO_ROOT, '.dev', 'keys');
