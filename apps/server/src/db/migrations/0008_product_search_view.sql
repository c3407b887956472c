-- Catalogue search at 100k products (issue 5). Under row-level security PostgreSQL only uses an
-- index for LEAKPROOF operators; LIKE and lower() are not, so every name search or keyset page
-- on `products` itself would read the whole tenant. This view is fenced to the current tenant by
-- the same setting the policies use (app_current_business_id()) and runs with its owner's rights,
-- so the planner may use products_business_name and products_name_trgm. till_app may only read it.
CREATE VIEW product_search AS
  SELECT * FROM products WHERE business_id = app_current_business_id();
--> statement-breakpoint
GRANT SELECT ON product_search TO till_app;
