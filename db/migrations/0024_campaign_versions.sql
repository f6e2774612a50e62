ALTER TABLE "discount_campaigns" ADD COLUMN "market_aliases" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_campaigns" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
COMMENT ON COLUMN "discount_campaigns"."market_aliases" IS 'The markets a campaign runs in (decision 0045); empty: every market.';
--> statement-breakpoint
COMMENT ON COLUMN "discount_campaigns"."version" IS 'Optimistic version of the back office''s campaign form (decision 0045).';
