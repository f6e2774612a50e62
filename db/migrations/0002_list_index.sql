CREATE TABLE "catalog_index_dirty" (
	"id" integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "facet_labels" (
	"facet" text NOT NULL,
	"language_id" text NOT NULL,
	"group_label" text,
	"label" text NOT NULL,
	CONSTRAINT "facet_labels_facet_language_id_pk" PRIMARY KEY("facet","language_id")
);
--> statement-breakpoint
CREATE TABLE "product_index" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"category_ids" integer[] NOT NULL,
	"sizes" text[] NOT NULL,
	"campaign_ids" integer[] NOT NULL,
	"params" text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_list_prices" (
	"product_id" integer NOT NULL,
	"market_alias" text NOT NULL,
	"sku_id" integer NOT NULL,
	"currency_code" text NOT NULL,
	"regular_minor" integer NOT NULL,
	"selling_minor" integer NOT NULL,
	"lowest_minor" integer,
	"discount_percent" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_list_prices_product_id_market_alias_pk" PRIMARY KEY("product_id","market_alias")
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"language_id" text NOT NULL,
	"word" text NOT NULL,
	"stem" text NOT NULL,
	"products" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "search_words_language_id_word_pk" PRIMARY KEY("language_id","word")
);
--> statement-breakpoint
ALTER TABLE "product_parameters" ADD COLUMN "value_key" text;--> statement-breakpoint
CREATE INDEX "product_index_category_ids_index" ON "product_index" USING gin ("category_ids");--> statement-breakpoint
CREATE INDEX "product_index_sizes_index" ON "product_index" USING gin ("sizes");--> statement-breakpoint
CREATE INDEX "product_index_campaign_ids_index" ON "product_index" USING gin ("campaign_ids");--> statement-breakpoint
CREATE INDEX "product_index_params_index" ON "product_index" USING gin ("params");--> statement-breakpoint
CREATE INDEX "product_list_prices_market_alias_selling_minor_index" ON "product_list_prices" USING btree ("market_alias","selling_minor");--> statement-breakpoint
CREATE INDEX "search_words_language_id_stem_index" ON "search_words" USING btree ("language_id","stem");--> statement-breakpoint
CREATE INDEX "search_words_word_trgm_index" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- The list index (product_list_prices, product_index, facet_labels, search_words) is derived from the catalog.
-- Statements that change what it is made of mark it dirty; a deferred trigger rebuilds it once, at the commit
-- of that transaction, so a list never reads a half-written catalog and a bulk load pays for one rebuild.
CREATE OR REPLACE FUNCTION mili_slug(value text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT trim(both '-' from regexp_replace(lower(translate(value, 'åäöøæéüÅÄÖØÆÉÜ', 'aaooaeuAAOOAEU')), '[^a-z0-9]+', '-', 'g'))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_catalog_index() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE product_list_prices, product_index, facet_labels, search_words;

  -- The card price: the cheapest active SKU's selling price, with that SKU's regular price.
  INSERT INTO product_list_prices (product_id, market_alias, sku_id, currency_code, regular_minor, selling_minor,
                                   lowest_minor, discount_percent)
  SELECT DISTINCT ON (s.product_id, pr.market_alias)
         s.product_id, pr.market_alias, s.id, pr.currency_code, pr.regular_minor, pr.selling_minor, NULL, 0
  FROM skus s JOIN prices pr ON pr.sku_id = s.id
  WHERE s.active
  ORDER BY s.product_id, pr.market_alias, pr.selling_minor, s.sort_order, s.id;

  -- A reduced price: the lowest selling price in effect during the 30 days before the reduction began (the
  -- price in effect when the window opened and every price set inside it); the regular price without a log.
  UPDATE product_list_prices lp SET
    lowest_minor = x.lowest,
    discount_percent = CASE WHEN x.lowest > lp.selling_minor
                            THEN ((x.lowest - lp.selling_minor) * 100) / x.lowest ELSE 0 END
  FROM (
    SELECT lp2.product_id, lp2.market_alias,
           coalesce(least(
             (SELECT l.selling_minor FROM price_log l
              WHERE l.sku_id = lp2.sku_id AND l.market_alias = lp2.market_alias
                AND l.at <= pr.reduced_since - interval '30 days'
              ORDER BY l.at DESC LIMIT 1),
             (SELECT min(l.selling_minor) FROM price_log l
              WHERE l.sku_id = lp2.sku_id AND l.market_alias = lp2.market_alias
                AND l.at > pr.reduced_since - interval '30 days' AND l.at < pr.reduced_since)
           ), lp2.regular_minor) AS lowest
    FROM product_list_prices lp2
    JOIN prices pr ON pr.sku_id = lp2.sku_id AND pr.market_alias = lp2.market_alias
    WHERE lp2.selling_minor < lp2.regular_minor
  ) x
  WHERE x.product_id = lp.product_id AND x.market_alias = lp.market_alias;

  WITH RECURSIVE closure(category_id, ancestor_id) AS (
    SELECT id, id FROM categories
    UNION
    SELECT cl.category_id, c.parent_id FROM closure cl JOIN categories c ON c.id = cl.ancestor_id
    WHERE c.parent_id IS NOT NULL
  ),
  cats AS (
    SELECT pc.product_id, array_agg(DISTINCT cl.ancestor_id) AS ids
    FROM product_categories pc
    JOIN closure cl ON cl.category_id = pc.category_id
    JOIN categories c ON c.id = cl.ancestor_id AND c.active
    GROUP BY pc.product_id
  ),
  sizes AS (
    SELECT v.product_id, array_agg(DISTINCT v.value) AS vals
    FROM variant_values v JOIN skus s ON s.id = v.sku_id AND s.active
    WHERE v.dimension = 'Size'
    GROUP BY v.product_id
  ),
  camps AS (
    SELECT cp.product_id, array_agg(DISTINCT cp.campaign_id) AS ids
    FROM campaign_products cp JOIN discount_campaigns d ON d.id = cp.campaign_id AND d.active
    GROUP BY cp.product_id
  ),
  params AS (
    SELECT pp.product_id, array_agg(DISTINCT pp.identifier || '_' || coalesce(pp.value_key, mili_slug(pp.value))) AS vals
    FROM product_parameters pp
    WHERE pp.identifier NOT LIKE 'nutrition-%'
    GROUP BY pp.product_id
  )
  INSERT INTO product_index (product_id, category_ids, sizes, campaign_ids, params)
  SELECT p.id, coalesce(cats.ids, '{}'), coalesce(sizes.vals, '{}'), coalesce(camps.ids, '{}'),
         coalesce(params.vals, '{}')
  FROM products p
  LEFT JOIN cats ON cats.product_id = p.id
  LEFT JOIN sizes ON sizes.product_id = p.id
  LEFT JOIN camps ON camps.product_id = p.id
  LEFT JOIN params ON params.product_id = p.id;

  INSERT INTO facet_labels (facet, language_id, group_label, label)
  SELECT 'p_' || pp.identifier || '_' || coalesce(pp.value_key, mili_slug(pp.value)), pp.language_id,
         min(pp.name), min(pp.value)
  FROM product_parameters pp
  WHERE pp.identifier NOT LIKE 'nutrition-%'
  GROUP BY 1, 2;

  INSERT INTO facet_labels (facet, language_id, group_label, label)
  SELECT 's_' || v.value, l.key, NULL, min(l.value)
  FROM (SELECT value, min(label::text)::jsonb AS label FROM variant_values WHERE dimension = 'Size' GROUP BY value) v
  CROSS JOIN LATERAL jsonb_each_text(v.label) l
  GROUP BY 1, 2;

  -- Words of names, brands and categories with their stems in the language's configuration.
  INSERT INTO search_words (language_id, word, stem, products)
  SELECT w.language_id, w.word,
         coalesce((ts_lexize((CASE w.language_id WHEN 'sv-SE' THEN 'swedish_stem' WHEN 'nb-NO' THEN 'norwegian_stem'
                                ELSE 'simple' END)::regdictionary, w.word))[1], w.word),
         sum(w.n)::int
  FROM (
    SELECT t.language_id, x.word, count(*) AS n
    FROM product_translations t
    JOIN products p ON p.id = t.product_id AND p.active
    CROSS JOIN LATERAL regexp_split_to_table(lower(t.name), '[^[:alnum:]]+') AS x(word)
    WHERE length(x.word) >= 2
    GROUP BY 1, 2
    UNION ALL
    SELECT ct.language_id, x.word, 0
    FROM category_translations ct
    CROSS JOIN LATERAL regexp_split_to_table(lower(ct.name), '[^[:alnum:]]+') AS x(word)
    WHERE length(x.word) >= 2
  ) w
  GROUP BY 1, 2;

  ANALYZE product_list_prices;
  ANALYZE product_index;
  ANALYZE facet_labels;
  ANALYZE search_words;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mili_catalog_index_dirty() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalog_index_dirty (id) VALUES (1) ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mili_catalog_index_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM catalog_index_dirty) THEN
    DELETE FROM catalog_index_dirty;
    PERFORM refresh_catalog_index();
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER catalog_index_refresh AFTER INSERT ON catalog_index_dirty
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION mili_catalog_index_refresh();
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['product_categories', 'product_parameters',
                           'variant_values', 'prices', 'price_log', 'campaign_products', 'discount_campaigns',
                           'categories', 'category_translations']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I
                    FOR EACH STATEMENT EXECUTE FUNCTION mili_catalog_index_dirty()', t || '_catalog_index', t);
  END LOOP;
  -- Sales counts, ratings and texts (every order, every review) leave the index alone, and so do stock changes:
  -- only what lists filter on, sort by or search for matters to it.
  CREATE TRIGGER products_catalog_index AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF active, brand_id ON products
    FOR EACH STATEMENT EXECUTE FUNCTION mili_catalog_index_dirty();
  CREATE TRIGGER product_translations_catalog_index AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF name
    ON product_translations FOR EACH STATEMENT EXECUTE FUNCTION mili_catalog_index_dirty();
  CREATE TRIGGER skus_catalog_index AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF active, product_id ON skus
    FOR EACH STATEMENT EXECUTE FUNCTION mili_catalog_index_dirty();
END
$$;
--> statement-breakpoint
SELECT refresh_catalog_index();
