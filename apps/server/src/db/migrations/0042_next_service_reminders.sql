ALTER TABLE "vehicles" ADD COLUMN "next_service_due_on" date;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "next_service_due_mileage" integer;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "service_reminded_for" text;--> statement-breakpoint
CREATE INDEX "repair_lines_business_order" ON "repair_order_lines" USING btree ("business_id","repair_order_id");--> statement-breakpoint
CREATE INDEX "repair_orders_business_board" ON "repair_orders" USING btree ("business_id","status_changed_at","number");--> statement-breakpoint
CREATE INDEX "vehicles_next_service" ON "vehicles" USING btree ("business_id","next_service_due_on") WHERE "vehicles"."next_service_due_on" is not null or "vehicles"."next_service_due_mileage" is not null;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_next_service_mileage_not_negative" CHECK ("next_service_due_mileage" IS NULL OR "next_service_due_mileage" >= 0);
