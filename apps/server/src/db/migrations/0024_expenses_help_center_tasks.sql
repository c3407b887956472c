CREATE TABLE "expense_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"name" text NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expense_categories_business_id_id" UNIQUE("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "expenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"supplier_id" uuid,
	"payee_name" text,
	"category_id" uuid NOT NULL,
	"expense_date" date NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"tax_amount" bigint DEFAULT 0 NOT NULL,
	"payment_method" text NOT NULL,
	"paid_from_drawer" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"due_date" date,
	"notes" text,
	"receipt_key" text,
	"receipt_content_type" text,
	"receipt_size" bigint,
	"receipt_file_name" text,
	"idempotency_key" uuid NOT NULL,
	"request_hash" text NOT NULL,
	"created_by_user_id" uuid,
	"created_by_employee_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expenses_payee" CHECK (("expenses"."supplier_id" is null) <> ("expenses"."payee_name" is null)),
	CONSTRAINT "expenses_amounts" CHECK ("expenses"."amount" > 0 and "expenses"."tax_amount" >= 0 and "expenses"."tax_amount" <= "expenses"."amount"),
	CONSTRAINT "expenses_payment_method" CHECK ("expenses"."payment_method" in ('cash', 'card', 'bank_transfer', 'other')),
	CONSTRAINT "expenses_status" CHECK ("expenses"."status" in ('paid', 'unpaid')),
	CONSTRAINT "expenses_due_date" CHECK ("expenses"."status" = 'paid' or "expenses"."due_date" is not null),
	CONSTRAINT "expenses_drawer" CHECK (not "expenses"."paid_from_drawer" or ("expenses"."payment_method" = 'cash' and "expenses"."status" = 'paid'))
);
--> statement-breakpoint
CREATE TABLE "help_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"employee_id" uuid,
	"topic" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"title" text NOT NULL,
	"notes" text,
	"assignee_employee_id" uuid,
	"due_date" date,
	"status" text DEFAULT 'open' NOT NULL,
	"created_by_user_id" uuid NOT NULL,
	"created_by_employee_id" uuid,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasks_status" CHECK ("tasks"."status" in ('open', 'in_progress', 'done'))
);
--> statement-breakpoint
ALTER TABLE "expense_categories" ADD CONSTRAINT "expense_categories_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_category_fk" FOREIGN KEY ("business_id","category_id") REFERENCES "public"."expense_categories"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_supplier_fk" FOREIGN KEY ("business_id","supplier_id") REFERENCES "public"."suppliers"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_requests" ADD CONSTRAINT "help_requests_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_assignee_fk" FOREIGN KEY ("business_id","assignee_employee_id") REFERENCES "public"."employees"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "expense_categories_business_name" ON "expense_categories" USING btree ("business_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "expenses_business_idempotency" ON "expenses" USING btree ("business_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "expenses_business_date" ON "expenses" USING btree ("business_id","expense_date","id");--> statement-breakpoint
CREATE INDEX "expenses_business_category" ON "expenses" USING btree ("business_id","category_id");--> statement-breakpoint
CREATE INDEX "expenses_business_supplier" ON "expenses" USING btree ("business_id","supplier_id");--> statement-breakpoint
CREATE INDEX "help_requests_business_created" ON "help_requests" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "tasks_business_status_due" ON "tasks" USING btree ("business_id","status","due_date");--> statement-breakpoint
CREATE INDEX "tasks_business_assignee" ON "tasks" USING btree ("business_id","assignee_employee_id");--> statement-breakpoint
-- RLS
-- Tenancy, as in 0001_row_level_security.sql.
GRANT SELECT, INSERT, UPDATE, DELETE ON expense_categories TO till_app;
--> statement-breakpoint
ALTER TABLE expense_categories ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE expense_categories FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON expense_categories
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON expenses TO till_app;
--> statement-breakpoint
ALTER TABLE expenses ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE expenses FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON expenses
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON help_requests TO till_app;
--> statement-breakpoint
ALTER TABLE help_requests ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE help_requests FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON help_requests
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON tasks TO till_app;
--> statement-breakpoint
ALTER TABLE tasks ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE tasks FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON tasks
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
