ALTER TABLE "users" ADD COLUMN "share_code" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_share_code_idx" ON "users" USING btree ("share_code");