import { revisionsMigration } from '@coffee-guide/nest-common';

/** The service's revisions table: every admin write's whole record (docs/decisions.md, "Revisions"). */
export const Revisions1765100000000 = revisionsMigration(1765100000000);
