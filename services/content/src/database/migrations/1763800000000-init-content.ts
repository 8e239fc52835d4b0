import type { MigrationInterface, QueryRunner } from 'typeorm';

export class InitContent1763800000000 implements MigrationInterface {
  name = 'InitContent1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE blog_posts (
        id serial PRIMARY KEY,
        slug varchar(120) NOT NULL,
        title varchar(200) NOT NULL,
        excerpt text NOT NULL,
        content text NOT NULL,
        category varchar(20) NOT NULL CHECK (category IN ('reviews', 'secret-menu', 'guides', 'news', 'health')),
        tags text[] NOT NULL DEFAULT '{}',
        image_url varchar(2000),
        published_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT uq_blog_posts_slug UNIQUE (slug)
      )`);
    await q.query(`CREATE INDEX ix_blog_posts_published ON blog_posts (published_at DESC, id DESC)`);
    await q.query(`
      CREATE TABLE seo_settings (
        id serial PRIMARY KEY,
        page_slug varchar(200) NOT NULL,
        title varchar(200) NOT NULL,
        description varchar(500) NOT NULL,
        keywords varchar(500) NOT NULL DEFAULT '',
        canonical_url varchar(2000),
        og_title varchar(200),
        og_description varchar(500),
        og_image varchar(2000),
        robots_directive varchar(20) NOT NULL DEFAULT 'index,follow'
          CHECK (robots_directive IN ('index,follow', 'index,nofollow', 'noindex,follow', 'noindex,nofollow')),
        schema_markup jsonb CHECK (schema_markup IS NULL OR jsonb_typeof(schema_markup) = 'object'),
        is_active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT uq_seo_settings_page_slug UNIQUE (page_slug)
      )`);
    await q.query(`
      CREATE TABLE page_sections (
        id serial PRIMARY KEY,
        page_slug varchar(200) NOT NULL,
        section_key varchar(100) NOT NULL,
        content text NOT NULL,
        content_type varchar(10) NOT NULL DEFAULT 'text' CHECK (content_type IN ('text', 'html', 'markdown')),
        is_active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT uq_page_sections_page_section UNIQUE (page_slug, section_key)
      )`);
    await q.query(`
      CREATE TABLE site_settings (
        id serial PRIMARY KEY,
        key varchar(100) NOT NULL,
        value text NOT NULL,
        description varchar(500) NOT NULL DEFAULT '',
        category varchar(20) NOT NULL DEFAULT 'general'
          CHECK (category IN ('general', 'contact', 'social', 'analytics', 'api')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT uq_site_settings_key UNIQUE (key)
      )`);
    await q.query(`
      CREATE TABLE contact_messages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        job_id varchar(100) NOT NULL,
        name varchar(100) NOT NULL,
        email varchar(254) NOT NULL,
        subject varchar(60) NOT NULL,
        message text NOT NULL,
        submitted_at timestamptz NOT NULL,
        handled boolean NOT NULL DEFAULT false,
        notified_at timestamptz,
        stored_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT uq_contact_messages_job_id UNIQUE (job_id)
      )`);
    await q.query(`CREATE INDEX ix_contact_messages_submitted ON contact_messages (submitted_at DESC)`);
    await q.query(`
      CREATE TABLE contact_notifications (
        id serial PRIMARY KEY,
        message_id uuid NOT NULL REFERENCES contact_messages(id) ON DELETE CASCADE,
        sent_at timestamptz NOT NULL,
        transport varchar(20) NOT NULL,
        recipient varchar(254) NOT NULL,
        smtp_message_id varchar(300),
        smtp_response varchar(500),
        CONSTRAINT uq_contact_notifications_message UNIQUE (message_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE contact_notifications`);
    await q.query(`DROP TABLE contact_messages`);
    await q.query(`DROP TABLE site_settings`);
    await q.query(`DROP TABLE page_sections`);
    await q.query(`DROP TABLE seo_settings`);
    await q.query(`DROP TABLE blog_posts`);
  }
}
