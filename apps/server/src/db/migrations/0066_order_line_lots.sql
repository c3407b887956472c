-- Decision 069: a sale line keeps the lot the cashier chose, so a parked sale gives it back.
-- The key includes business_id (another business's lot cannot be named, whatever the row-level
-- security of the reader), and a deleted lot (its product deleted) sets only batch_id to null.
ALTER TABLE "product_batches" ADD CONSTRAINT "product_batches_business_id_id" UNIQUE("business_id","id");--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_batch_fk" FOREIGN KEY ("business_id","batch_id") REFERENCES "public"."product_batches"("business_id","id") ON DELETE SET NULL ("batch_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_batch" ON "order_lines" USING btree ("batch_id") WHERE "order_lines"."batch_id" is not null;
