-- Catalogue search at 100k products, cheaper per row (issue 5).
-- * lower(name) is stored as search_name: a page or a search that reads thousands of products in
--   name order no longer computes lower() for each of them (half the cost of such a scan on PGlite
--   and on PostgreSQL), and its index holds what the default list filters on, so PostgreSQL can
--   answer a page from the index alone once the table is vacuumed.
-- * The trigram index moves to the same column with a 64 kB pending list instead of 4 MB: new
--   entries wait in that list, which every search reads through, until VACUUM empties it (never,
--   on embedded PGlite) or an insert finds it full. After loading 100k products the default left
--   ~2 MB there and a rare-text search took several times as long; fastupdate off avoids the list
--   but made that load 9 times slower (measured on PGlite: 3.3 s default, 7 s at 64 kB, 30 s off).
DROP INDEX "products_business_name";--> statement-breakpoint
DROP INDEX "products_name_trgm";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_name" text GENERATED ALWAYS AS (lower(name)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_business_search_name" ON "products" USING btree ("business_id","search_name","id","is_active");--> statement-breakpoint
CREATE INDEX "products_search_name_trgm" ON "products" USING gin ("search_name" gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
-- product_search (0008) was created as SELECT * of the columns products had then: it is redefined
-- so that it shows search_name too (a new column comes last, as CREATE OR REPLACE VIEW requires;
-- the grant to till_app stays).
CREATE OR REPLACE VIEW product_search AS
  SELECT * FROM products WHERE business_id = app_current_business_id();
