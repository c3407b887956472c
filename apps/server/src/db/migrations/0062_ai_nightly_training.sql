ALTER TABLE "ai_training_jobs" ADD COLUMN "night" date;--> statement-breakpoint
CREATE UNIQUE INDEX "ai_training_jobs_one_a_night" ON "ai_training_jobs" USING btree ("business_id","trigger","night") WHERE "ai_training_jobs"."night" is not null;--> statement-breakpoint
-- Decision 061: a job queued as 'schedule' before this (nothing queued any) becomes a request.
UPDATE ai_training_jobs SET "trigger" = 'request' WHERE "trigger" NOT IN ('request', 'nightly');
--> statement-breakpoint
ALTER TABLE ai_training_jobs ADD CONSTRAINT ai_training_jobs_trigger CHECK ("trigger" IN ('request', 'nightly'));
--> statement-breakpoint
-- A nightly job names its night; a requested one none.
ALTER TABLE ai_training_jobs ADD CONSTRAINT ai_training_jobs_night CHECK (("trigger" = 'nightly') = ("night" IS NOT NULL));
