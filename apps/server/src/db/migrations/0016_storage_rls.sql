-- Tenancy for the storage tables, as in 0001_row_level_security.sql: till_app may use them, and
-- only the rows of the business set in app.business_id.
GRANT SELECT, INSERT, UPDATE, DELETE ON storage_buckets, storage_objects TO till_app;
--> statement-breakpoint
ALTER TABLE storage_buckets ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE storage_buckets FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON storage_buckets
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
ALTER TABLE storage_objects ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE storage_objects FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON storage_objects
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
-- Byte order for names: the same listing order on every server and locale, and LIKE 'prefix%'
-- can use the (bucket_id, name) index.
ALTER TABLE storage_objects ALTER COLUMN name TYPE text COLLATE "C";
--> statement-breakpoint
-- Foreign keys are checked past row-level security: an object must point at a bucket of its own business.
ALTER TABLE storage_buckets ADD CONSTRAINT storage_buckets_business_id_id UNIQUE (business_id, id);
--> statement-breakpoint
ALTER TABLE storage_objects ADD CONSTRAINT storage_objects_bucket_same_business
  FOREIGN KEY (business_id, bucket_id) REFERENCES storage_buckets (business_id, id);
