ALTER TABLE "products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
COMMENT ON COLUMN "products"."version" IS 'Optimistic version of the back office''s product form (decision 0043): raised by one at every admin change of the product, its texts, SKUs or prices.';
