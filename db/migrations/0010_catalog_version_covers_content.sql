-- The catalog version (catalog_index_state.version, migration 0004) covers everything the public catalog API and
-- pages show, not only what lists index: the response cache and the page cache key their entries by it
-- (docs/decisions/0023-response-cache-keyed-by-catalog-version.md). A statement on any table below marks its
-- transaction like a list-relevant change does, so the transaction's commit raises the version by one; with no
-- product queued, that commit refreshes nothing (mili_catalog_index_commit on an empty queue).
-- Stock, texts, images, reviews, questions, related products, packages, variant groups, content, menus and the
-- reference data (markets, languages, VAT) are covered; carts, orders and customers are not catalog.
CREATE OR REPLACE FUNCTION mili_catalog_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('mili.catalog_index_bulk', true) = 'on' THEN
    RETURN NULL;
  END IF;
  PERFORM mili_catalog_index_mark(false, false);
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['products', 'product_translations', 'skus', 'product_images', 'package_groups',
                           'package_options', 'related_products', 'url_history', 'product_questions', 'reviews',
                           'variant_groups', 'parameter_groups', 'brands', 'campaign_translations',
                           'content_pages', 'content_page_translations', 'widget_areas', 'widgets', 'menus',
                           'menu_items', 'markets', 'channel_markets', 'market_languages', 'vat_rates', 'languages',
                           'currencies', 'countries', 'channels', 'shipping_options', 'payment_methods']
  LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_catalog_touch', t);
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I
                    FOR EACH STATEMENT EXECUTE FUNCTION mili_catalog_touch()', t || '_catalog_touch', t);
  END LOOP;
END
$$;
--> statement-breakpoint
-- Every app process hears the new version at the commit that made it (LISTEN mili_catalog_version): the page cache
-- follows it without reading the database (decision 0024). Runs after catalog_index_commit (triggers on the same
-- event fire in name order), which has raised the version; one notification per committed transaction.
CREATE OR REPLACE FUNCTION mili_catalog_version_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mili_catalog_version', (SELECT version::text FROM catalog_index_state WHERE id = 1));
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalog_index_notify ON catalog_index_dirty;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER catalog_index_notify AFTER INSERT ON catalog_index_dirty
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION mili_catalog_version_notify();
