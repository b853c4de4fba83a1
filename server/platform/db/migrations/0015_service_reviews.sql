CREATE TABLE "service_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"month" text NOT NULL,
	"serve_score" integer NOT NULL,
	"reply_score" integer NOT NULL,
	"solution_score" integer NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"employee_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "service_reviews" ADD CONSTRAINT "service_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "service_reviews_user_month_idx" ON "service_reviews" USING btree ("user_id","month");--> statement-breakpoint
CREATE INDEX "service_reviews_month_idx" ON "service_reviews" USING btree ("month");