ALTER TABLE "gift_card_transactions" ADD COLUMN "cart_id" uuid;--> statement-breakpoint
ALTER TABLE "promo_code_uses" ADD COLUMN "cart_id" uuid;--> statement-breakpoint
ALTER TABLE "gift_card_transactions" ADD CONSTRAINT "gift_card_transactions_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_uses" ADD CONSTRAINT "promo_code_uses_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_card_transactions_gift_card_id_cart_id_index" ON "gift_card_transactions" USING btree ("gift_card_id","cart_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_code_uses_promo_code_id_cart_id_index" ON "promo_code_uses" USING btree ("promo_code_id","cart_id");