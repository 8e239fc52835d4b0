import { AdminTokenVersions } from '@coffee-guide/nest-common';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** auth checks its own tokens against its database: the version as it is now, never remembered; a disabled administrator has none. */
@Injectable()
export class DbAdminTokenVersions extends AdminTokenVersions {
  constructor(@InjectDataSource() private readonly db: DataSource) {
    super();
  }

  async current(adminId: string): Promise<number | null> {
    const rows: { token_version: number }[] = await this.db.query(
      `SELECT token_version FROM administrators WHERE id = $1 AND disabled_at IS NULL`,
      [adminId],
    );
    return rows.length ? Number(rows[0].token_version) : null;
  }
}
