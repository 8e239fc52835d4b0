-- Run once by the postgres image's entrypoint, when the data volume is empty (first `docker compose up`).
-- Each service owns one database (DESIGN.md, "Data ownership") and creates its own tables through its
-- TypeORM migrations at start-up, so this script only creates the four empty databases.
-- A database added later on an existing volume is created by hand:
--   docker compose exec postgres createdb -U postgres <name>
CREATE DATABASE coffee_catalog;
CREATE DATABASE coffee_locations;
CREATE DATABASE coffee_content;
CREATE DATABASE coffee_auth;
