-- Widgets shown only on phones ("mobile") or only on computers ("desktop"), null for both, and when a widget last
-- changed (decision 0038). The catalog version already follows every change to widgets (migration 0010).
ALTER TABLE "widgets" ADD COLUMN "display_setting" text;--> statement-breakpoint
ALTER TABLE "widgets" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "widgets" ADD CONSTRAINT "widget_display_setting" CHECK ("widgets"."display_setting" in ('mobile', 'desktop'));