CREATE TABLE "order_number_counters" (
	"channel_id" text PRIMARY KEY NOT NULL,
	"last_value" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_cartId_unique";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "status" SET DEFAULT 'pending';--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "from_shelf" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "backorder" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "order_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "checkout_session_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "captured_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_option_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_agent" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipping_options" ADD COLUMN "delivery_days_min" integer;--> statement-breakpoint
ALTER TABLE "shipping_options" ADD COLUMN "delivery_days_max" integer;--> statement-breakpoint
ALTER TABLE "order_number_counters" ADD CONSTRAINT "order_number_counters_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_sessions_cart_id_cart_version_payment_method_key_index" ON "checkout_sessions" USING btree ("cart_id","cart_version","payment_method_key");--> statement-breakpoint
CREATE INDEX "orders_status_created_at_index" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_cart_live" ON "orders" USING btree ("cart_id") WHERE status <> 'failed';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_orderNumber_unique" UNIQUE("order_number");--> statement-breakpoint
-- Delivery estimates of the demo shop's own options (a fresh seed writes them itself).
UPDATE "shipping_options" SET "delivery_days_min" = 1, "delivery_days_max" = 3 WHERE "key" = 'pickup-point' AND "delivery_days_min" IS NULL;--> statement-breakpoint
UPDATE "shipping_options" SET "delivery_days_min" = 1, "delivery_days_max" = 2 WHERE "key" = 'home-delivery' AND "delivery_days_min" IS NULL;
