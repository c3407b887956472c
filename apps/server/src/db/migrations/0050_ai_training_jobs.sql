CREATE TABLE "ai_training_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"trigger" text DEFAULT 'request' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"claimed_by" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"modules" jsonb
);
--> statement-breakpoint
ALTER TABLE "ai_training_jobs" ADD CONSTRAINT "ai_training_jobs_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ai_training_jobs_one_active" ON "ai_training_jobs" USING btree ("business_id") WHERE "ai_training_jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "ai_training_jobs_business_requested" ON "ai_training_jobs" USING btree ("business_id","requested_at");--> statement-breakpoint
CREATE INDEX "ai_training_jobs_claimable" ON "ai_training_jobs" USING btree ("status","heartbeat_at") WHERE "ai_training_jobs"."status" in ('queued', 'running');--> statement-breakpoint
-- Tenancy for ai_training_jobs, as in 0001_row_level_security.sql.
GRANT SELECT, INSERT, UPDATE, DELETE ON ai_training_jobs TO till_app;
--> statement-breakpoint
ALTER TABLE ai_training_jobs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE ai_training_jobs FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON ai_training_jobs
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
ALTER TABLE ai_training_jobs ADD CONSTRAINT ai_training_jobs_status CHECK (status IN ('queued', 'running', 'done', 'failed'));
