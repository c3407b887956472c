ALTER TABLE "refunds" ADD COLUMN "idempotency_key" uuid;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "request_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_business_idempotency" ON "refunds" USING btree ("business_id","idempotency_key") WHERE "refunds"."idempotency_key" is not null;