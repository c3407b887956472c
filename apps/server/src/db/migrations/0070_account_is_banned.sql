-- Whether an account is banned now (decision 067; decision 074): the PIN sign-in and the employee-session
-- check run as till_app, which cannot read "user", so a business owner banned by the platform stops
-- acting at the till through their employee row too.
CREATE FUNCTION account_is_banned(account_id uuid) RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$ SELECT EXISTS (SELECT 1 FROM "user" WHERE id = account_id AND banned AND (ban_expires IS NULL OR ban_expires > now())) $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION account_is_banned(uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION account_is_banned(uuid) TO till_app;
