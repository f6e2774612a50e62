ALTER TABLE "content_pages" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "menus" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "widgets" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
COMMENT ON COLUMN "content_pages"."version" IS 'Optimistic version of the back office''s page form (decision 0058).';--> statement-breakpoint
COMMENT ON COLUMN "menus"."version" IS 'Optimistic version of the back office''s menu form, covering its items (decision 0058).';--> statement-breakpoint
COMMENT ON COLUMN "widgets"."version" IS 'Optimistic version of the back office''s widget form (decision 0058).';
