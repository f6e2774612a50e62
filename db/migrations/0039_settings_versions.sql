ALTER TABLE "shipping_options" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;