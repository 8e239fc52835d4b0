import type { MigrationInterface, QueryRunner } from 'typeorm';

export class InitLocations1763800000000 implements MigrationInterface {
  name = 'InitLocations1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE stands (
        id serial PRIMARY KEY,
        code varchar(20) NOT NULL,
        store_number varchar(20),
        name varchar(200) NOT NULL,
        slug varchar(120) NOT NULL CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
        address varchar(300) NOT NULL,
        city varchar(120) NOT NULL,
        city_slug varchar(120) NOT NULL CHECK (city_slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
        state char(2) NOT NULL CHECK (state ~ '^[A-Z]{2}$'),
        zip_code varchar(5) NOT NULL CHECK (zip_code ~ '^[0-9]{5}$'),
        latitude double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
        longitude double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
        time_zone varchar(64) NOT NULL,
        hours jsonb NOT NULL,
        amenities text[] NOT NULL DEFAULT '{}',
        is_open boolean NOT NULL DEFAULT true,
        phone varchar(40),
        notes text[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX uq_stands_code ON stands (code)`);
    await q.query(`CREATE INDEX ix_stands_state ON stands (state)`);
    await q.query(`CREATE INDEX ix_stands_state_city ON stands (state, city_slug)`);
    await q.query(`CREATE UNIQUE INDEX uq_stands_state_city_slug ON stands (state, city_slug, slug)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE stands`);
  }
}
