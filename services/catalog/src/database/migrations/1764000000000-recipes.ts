import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Build your drink (docs/recipes.md): the foods table and every drink's recipe live in the catalog; the
 * stored price and nutrition rows stay the menu version, recomputed from them unless an administrator set
 * the row by hand (overridden).
 */
export class Recipes1764000000000 implements MigrationInterface {
  name = 'Recipes1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE foods (
        key varchar(40) PRIMARY KEY,
        name varchar(120) NOT NULL,
        source text NOT NULL,
        url varchar(500),
        kcal double precision NOT NULL CHECK (kcal >= 0),
        fat double precision NOT NULL CHECK (fat >= 0),
        sat double precision NOT NULL CHECK (sat >= 0),
        chol double precision NOT NULL CHECK (chol >= 0),
        sodium double precision NOT NULL CHECK (sodium >= 0),
        carbs double precision NOT NULL CHECK (carbs >= 0),
        fiber double precision NOT NULL CHECK (fiber >= 0),
        sugars double precision NOT NULL CHECK (sugars >= 0),
        protein double precision NOT NULL CHECK (protein >= 0),
        caffeine double precision NOT NULL CHECK (caffeine >= 0),
        added_sugar boolean NOT NULL DEFAULT false,
        allergen varchar(20),
        edited boolean NOT NULL DEFAULT false,
        sort_order int NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE recipes (
        menu_item_id int PRIMARY KEY REFERENCES menu_items(id) ON DELETE CASCADE,
        recipe jsonb NOT NULL,
        edited boolean NOT NULL DEFAULT false,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`ALTER TABLE prices ADD COLUMN overridden boolean NOT NULL DEFAULT false`);
    await q.query(`ALTER TABLE nutrition ADD COLUMN overridden boolean NOT NULL DEFAULT false`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE nutrition DROP COLUMN overridden`);
    await q.query(`ALTER TABLE prices DROP COLUMN overridden`);
    await q.query(`DROP TABLE recipes`);
    await q.query(`DROP TABLE foods`);
  }
}
