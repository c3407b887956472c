CREATE TABLE "industry_templates" (
	"industry" text PRIMARY KEY NOT NULL,
	"enabled_features" jsonb NOT NULL,
	"categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"products" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by_user_id" uuid,
	"updated_at" timestamp with time zone,
	CONSTRAINT "industry_templates_industry" CHECK ("industry_templates"."industry" in ('retail', 'restaurant', 'mechanics'))
);
--> statement-breakpoint
ALTER TABLE "industry_templates" ADD CONSTRAINT "industry_templates_updated_by_user_id_user_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Seed: each industry starts as every new business did before templates (SPEC §9 first-time
-- features, no categories, no products), so nothing changes until the super admin edits one.
INSERT INTO "industry_templates" ("industry", "enabled_features") VALUES
	('retail', '{"pos_system":true,"inventory_management":true,"customer_management":true,"employee_management":false,"reporting_analytics":true,"appointments_booking":false,"vehicle_services":false,"quickbooks_integration":false,"kitchen_display":false,"time_tracking":false,"multi_store":false,"loyalty_program":true,"purchase_orders":true,"invoice_generation":true,"cash_management":true,"price_labels":false,"barcode_scanning":true,"multiple_payments":true,"inventory_adjustments":true,"low_stock_alerts":true,"supplier_management":true,"promotions_pricing":true,"sales_reports":true,"employee_performance":true,"basic_accounting":true}'::jsonb),
	('restaurant', '{"pos_system":true,"inventory_management":true,"customer_management":true,"employee_management":false,"reporting_analytics":true,"appointments_booking":false,"vehicle_services":false,"quickbooks_integration":false,"kitchen_display":false,"time_tracking":false,"multi_store":false,"loyalty_program":true,"purchase_orders":true,"invoice_generation":true,"cash_management":true,"price_labels":false,"barcode_scanning":true,"multiple_payments":true,"inventory_adjustments":true,"low_stock_alerts":true,"supplier_management":true,"promotions_pricing":true,"sales_reports":true,"employee_performance":true,"basic_accounting":true}'::jsonb),
	('mechanics', '{"pos_system":true,"inventory_management":true,"customer_management":true,"employee_management":false,"reporting_analytics":true,"appointments_booking":false,"vehicle_services":false,"quickbooks_integration":false,"kitchen_display":false,"time_tracking":false,"multi_store":false,"loyalty_program":true,"purchase_orders":true,"invoice_generation":true,"cash_management":true,"price_labels":false,"barcode_scanning":true,"multiple_payments":true,"inventory_adjustments":true,"low_stock_alerts":true,"supplier_management":true,"promotions_pricing":true,"sales_reports":true,"employee_performance":true,"basic_accounting":true}'::jsonb);
