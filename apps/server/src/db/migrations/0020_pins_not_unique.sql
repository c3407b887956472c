DROP INDEX "employees_business_pin_lookup_unique";--> statement-breakpoint
ALTER TABLE "employees" DROP COLUMN "pin_lookup";