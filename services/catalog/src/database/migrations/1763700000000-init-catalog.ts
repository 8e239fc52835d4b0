import type { MigrationInterface, QueryRunner } from 'typeorm';

export class InitCatalog1763700000000 implements MigrationInterface {
  name = 'InitCatalog1763700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(`
      CREATE TABLE menu_items (
        id serial PRIMARY KEY,
        slug varchar(120) NOT NULL,
        name varchar(200) NOT NULL,
        description text NOT NULL,
        category varchar(40) NOT NULL,
        subcategory varchar(120),
        variants text[] NOT NULL DEFAULT '{}',
        main_variant varchar(20),
        flavors text[] NOT NULL DEFAULT '{}',
        ingredients text[] NOT NULL DEFAULT '{}',
        allergens text[] NOT NULL DEFAULT '{}',
        dietary_options text[] NOT NULL DEFAULT '{}',
        image_url varchar(500),
        is_popular boolean NOT NULL DEFAULT false,
        is_featured boolean NOT NULL DEFAULT false,
        is_secret_menu boolean NOT NULL DEFAULT false,
        is_seasonal boolean NOT NULL DEFAULT false,
        search_text text NOT NULL DEFAULT '',
        sort_order int NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX uq_menu_items_slug ON menu_items (slug)`);
    await q.query(`CREATE INDEX ix_menu_items_category ON menu_items (category, sort_order)`);
    await q.query(`CREATE INDEX ix_menu_items_fts ON menu_items USING gin (to_tsvector('english', search_text))`);
    await q.query(`CREATE INDEX ix_menu_items_name_trgm ON menu_items USING gin (lower(name) gin_trgm_ops)`);
    await q.query(`
      CREATE TABLE prices (
        id serial PRIMARY KEY,
        menu_item_id int NOT NULL REFERENCES menu_items(id) ON DELETE CASCADE,
        size varchar(10) NOT NULL CHECK (size IN ('small', 'medium', 'large')),
        price numeric(6,2) NOT NULL CHECK (price >= 0),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT uq_prices_item_size UNIQUE (menu_item_id, size)
      )`);
    await q.query(`
      CREATE TABLE nutrition (
        id serial PRIMARY KEY,
        menu_item_id int NOT NULL REFERENCES menu_items(id) ON DELETE CASCADE,
        size varchar(10) NOT NULL CHECK (size IN ('small', 'medium', 'large')),
        calories int NOT NULL CHECK (calories >= 0),
        fat numeric(6,1) NOT NULL CHECK (fat >= 0),
        saturated_fat numeric(6,1) NOT NULL CHECK (saturated_fat >= 0),
        cholesterol int NOT NULL CHECK (cholesterol >= 0),
        sodium int NOT NULL CHECK (sodium >= 0),
        carbohydrates numeric(6,1) NOT NULL CHECK (carbohydrates >= 0),
        fiber numeric(6,1) NOT NULL CHECK (fiber >= 0),
        sugars numeric(6,1) NOT NULL CHECK (sugars >= 0),
        protein numeric(6,1) NOT NULL CHECK (protein >= 0),
        caffeine int NOT NULL CHECK (caffeine >= 0),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT uq_nutrition_item_size UNIQUE (menu_item_id, size)
      )`);
    await q.query(`
      CREATE TABLE catalog_meta (
        key varchar(60) PRIMARY KEY,
        value text NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE catalog_meta`);
    await q.query(`DROP TABLE nutrition`);
    await q.query(`DROP TABLE prices`);
    await q.query(`DROP TABLE menu_items`);
  }
}
