CREATE TABLE "customized_subscriptions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"subscribed" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_user_guidance" (
	"user_id" integer NOT NULL,
	"step_id" integer NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_user_guidance_user_id_step_id_pk" PRIMARY KEY("user_id","step_id")
);
--> statement-breakpoint
CREATE TABLE "service_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"message_id" integer,
	"original_key" text NOT NULL,
	"thumbnail_key" text NOT NULL,
	"mime" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"sender" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_messages_sender_check" CHECK ("service_messages"."sender" in ('merchant', 'operator'))
);
--> statement-breakpoint
ALTER TABLE "customized_subscriptions" ADD CONSTRAINT "customized_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_user_guidance" ADD CONSTRAINT "shop_user_guidance_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_attachments" ADD CONSTRAINT "service_attachments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_attachments" ADD CONSTRAINT "service_attachments_message_id_service_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."service_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_messages" ADD CONSTRAINT "service_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "service_attachments_message_idx" ON "service_attachments" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "service_attachments_user_idx" ON "service_attachments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "service_messages_user_idx" ON "service_messages" USING btree ("user_id","id");