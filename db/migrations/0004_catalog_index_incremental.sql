DROP TABLE "catalog_index_dirty" CASCADE;--> statement-breakpoint
DROP TABLE "product_index" CASCADE;--> statement-breakpoint
DROP TABLE "product_list_prices" CASCADE;--> statement-breakpoint
CREATE TABLE "catalog_index_dirty" (
	"txid" bigint PRIMARY KEY NOT NULL,
	"full_rebuild" boolean DEFAULT false NOT NULL,
	"meta" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_index_queue" (
	"product_id" integer,
	"facet" text
);
--> statement-breakpoint
CREATE TABLE "catalog_index_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"full_version" bigint NOT NULL,
	"meta_version" bigint NOT NULL,
	"refreshed_at" timestamp with time zone,
	CONSTRAINT "catalog_index_state_one_row" CHECK ("catalog_index_state"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "catalog_index_work" (
	"product_id" integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_index" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"active" boolean NOT NULL,
	"brand_id" integer,
	"created_at" timestamp with time zone,
	"custom_sort" jsonb NOT NULL,
	"category_ids" integer[] NOT NULL,
	"sizes" text[] NOT NULL,
	"campaign_ids" integer[] NOT NULL,
	"params" text[] NOT NULL,
	"name_words" text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_list_prices" (
	"product_id" integer NOT NULL,
	"market_alias" text NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"sku_id" integer NOT NULL,
	"currency_code" text NOT NULL,
	"regular_minor" integer NOT NULL,
	"selling_minor" integer NOT NULL,
	"lowest_minor" integer,
	"discount_percent" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_list_prices_product_id_market_alias_valid_from_pk" PRIMARY KEY("product_id","market_alias","valid_from")
);
--> statement-breakpoint
CREATE INDEX "product_index_version_index" ON "product_index" USING btree ("version");--> statement-breakpoint
CREATE INDEX "prices_campaign_id_index" ON "prices" USING btree ("campaign_id") WHERE "prices"."campaign_id" is not null;--> statement-breakpoint
CREATE INDEX "product_parameters_facet_index" ON "product_parameters" USING btree (("identifier" || '_' || coalesce("value_key", mili_slug("value"))));--> statement-breakpoint
CREATE INDEX "variant_values_size_index" ON "variant_values" USING btree ("value") WHERE "variant_values"."dimension" = 'Size';--> statement-breakpoint
-- The list index, refreshed per product (docs/decisions/0011-catalog-list-performance.md). Statements on the
-- catalog queue the products (and facet values) they touched; at the commit of that transaction the queued products
-- alone are refreshed, under one lock, and catalog_index_state.version goes up by one, so app processes that keep
-- the index in memory read just the rows newer than theirs. A bulk load (the seed) or a TRUNCATE rebuilds everything
-- once. Card prices are kept per validity window, so reductions that begin or end by their dates need no refresh.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['product_categories', 'product_parameters', 'variant_values', 'prices', 'price_log',
                           'campaign_products', 'discount_campaigns', 'categories', 'category_translations',
                           'products', 'product_translations', 'skus']
  LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_catalog_index', t);
  END LOOP;
END
$$;
--> statement-breakpoint
DROP FUNCTION IF EXISTS mili_catalog_index_dirty();
--> statement-breakpoint
DROP FUNCTION IF EXISTS mili_catalog_index_refresh();
--> statement-breakpoint
DROP FUNCTION IF EXISTS refresh_catalog_index();
--> statement-breakpoint
INSERT INTO catalog_index_state (id, version, full_version, meta_version) VALUES (1, 0, 0, 0);
--> statement-breakpoint
-- The stem of a word in a language's configuration (search_words.stem).
CREATE OR REPLACE FUNCTION mili_stem(language_id text, word text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce((ts_lexize((CASE language_id WHEN 'sv-SE' THEN 'swedish_stem' WHEN 'nb-NO' THEN 'norwegian_stem'
                              ELSE 'simple' END)::regdictionary, word))[1], word)
$$;
--> statement-breakpoint
-- The selling price of a SKU in a market at a moment: a reduction (selling below regular) is in effect from
-- reduced_since, while its price campaign (if any) is active and between starts_at (inclusive) and ends_at
-- (exclusive); otherwise the SKU sells at its regular price. Lists apply the same rule per window
-- (mili_catalog_index_write); whatever charges a price (the cart) should ask this function.
CREATE OR REPLACE FUNCTION mili_price_in_effect(p prices, at timestamptz) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN p.selling_minor < p.regular_minor
         AND NOT ((p.reduced_since IS NULL OR p.reduced_since <= at)
                  AND (p.campaign_id IS NULL
                       OR EXISTS (SELECT 1 FROM discount_campaigns dc
                                  WHERE dc.id = p.campaign_id AND dc.active
                                    AND (dc.starts_at IS NULL OR dc.starts_at <= at)
                                    AND (dc.ends_at IS NULL OR at < dc.ends_at))))
    THEN p.regular_minor
    ELSE p.selling_minor
  END
$$;
--> statement-breakpoint
-- Marks the current transaction: its commit refreshes the index (full: everything; meta: categories, brands or
-- campaigns changed). One row per transaction, so concurrent writers never wait on each other here.
CREATE OR REPLACE FUNCTION mili_catalog_index_mark(full_rebuild boolean, meta boolean) RETURNS void LANGUAGE sql AS $$
  INSERT INTO catalog_index_dirty AS d (txid, full_rebuild, meta) VALUES (txid_current(), full_rebuild, meta)
  ON CONFLICT (txid) DO UPDATE SET full_rebuild = d.full_rebuild OR excluded.full_rebuild, meta = d.meta OR excluded.meta
  WHERE (excluded.full_rebuild AND NOT d.full_rebuild) OR (excluded.meta AND NOT d.meta)
$$;
--> statement-breakpoint
-- A bulk load (the seed): statements queue nothing, and the commit rebuilds the whole index once.
CREATE OR REPLACE FUNCTION mili_catalog_index_bulk() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('mili.catalog_index_bulk', 'on', true);
  PERFORM mili_catalog_index_mark(true, true);
END
$$;
--> statement-breakpoint
-- Statement trigger with transition tables new_rows / old_rows: queues the products of the rows (TG_ARGV[0]: the
-- column holding the product id, or sku_id) and, for parameters and sizes, the facet values whose labels may change.
CREATE OR REPLACE FUNCTION mili_catalog_queue() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  product text := CASE TG_ARGV[0] WHEN 'sku_id' THEN '(SELECT s.product_id FROM skus s WHERE s.id = r.sku_id)'
                  ELSE 'r.' || quote_ident(TG_ARGV[0]) END;
  facet text := CASE TG_ARGV[1]
    WHEN 'param' THEN 'CASE WHEN r.identifier NOT LIKE ''nutrition-%'' THEN ''p_'' || r.identifier || ''_'' || coalesce(r.value_key, mili_slug(r.value)) END'
    WHEN 'size' THEN 'CASE WHEN r.dimension = ''Size'' THEN ''s_'' || r.value END'
    ELSE 'NULL::text' END;
  rel text;
  n bigint := 0;
  k bigint;
BEGIN
  IF current_setting('mili.catalog_index_bulk', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM mili_catalog_index_mark(true, false);
    RETURN NULL;
  END IF;
  FOREACH rel IN ARRAY CASE TG_OP WHEN 'INSERT' THEN ARRAY['new_rows'] WHEN 'DELETE' THEN ARRAY['old_rows']
                                  ELSE ARRAY['new_rows', 'old_rows'] END
  LOOP
    EXECUTE format('INSERT INTO catalog_index_queue (product_id, facet)
                    SELECT DISTINCT * FROM (SELECT %s AS product_id, %s AS facet FROM %I r) x
                    WHERE x.product_id IS NOT NULL OR x.facet IS NOT NULL', product, facet, rel);
    GET DIAGNOSTICS k = ROW_COUNT;
    n := n + k;
  END LOOP;
  IF n > 0 THEN
    PERFORM mili_catalog_index_mark(false, false);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Row trigger for updates of the columns that matter (the WHEN of each trigger): queues the old and new product.
CREATE OR REPLACE FUNCTION mili_catalog_queue_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalog_index_queue (product_id)
  SELECT DISTINCT x FROM (VALUES ((to_jsonb(OLD) ->> TG_ARGV[0])::int), ((to_jsonb(NEW) ->> TG_ARGV[0])::int)) v(x);
  PERFORM mili_catalog_index_mark(false, false);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Categories, their names, brands and campaign names: lists read them whole (small); no product row changes.
CREATE OR REPLACE FUNCTION mili_catalog_meta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('mili.catalog_index_bulk', true) = 'on' THEN
    RETURN NULL;
  END IF;
  PERFORM mili_catalog_index_mark(false, true);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A campaign's activity and dates decide when the prices it reduces are in effect: their products' windows change.
CREATE OR REPLACE FUNCTION mili_catalog_queue_campaigns() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('mili.catalog_index_bulk', true) = 'on' THEN
    RETURN NULL;
  END IF;
  INSERT INTO catalog_index_queue (product_id)
  SELECT DISTINCT s.product_id FROM prices p JOIN skus s ON s.id = p.sku_id
  WHERE p.campaign_id IN (SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
                          WHERE (n.active, n.starts_at, n.ends_at) IS DISTINCT FROM (o.active, o.starts_at, o.ends_at));
  PERFORM mili_catalog_index_mark(false, true);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Writes product_index and product_list_prices for the products in catalog_index_work, stamped with version v.
CREATE OR REPLACE FUNCTION mili_catalog_index_write(v bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH cats AS (
    SELECT pc.product_id, array_agg(DISTINCT pc.category_id) AS ids
    FROM catalog_index_work w JOIN product_categories pc ON pc.product_id = w.product_id
    GROUP BY pc.product_id
  ),
  sizes AS (
    SELECT v.product_id, array_agg(DISTINCT v.value) AS vals
    FROM catalog_index_work w
    JOIN variant_values v ON v.product_id = w.product_id AND v.dimension = 'Size'
    JOIN skus s ON s.id = v.sku_id AND s.active
    GROUP BY v.product_id
  ),
  camps AS (
    SELECT cp.product_id, array_agg(DISTINCT cp.campaign_id) AS ids
    FROM catalog_index_work w JOIN campaign_products cp ON cp.product_id = w.product_id
    GROUP BY cp.product_id
  ),
  params AS (
    SELECT pp.product_id, array_agg(DISTINCT pp.identifier || '_' || coalesce(pp.value_key, mili_slug(pp.value))) AS vals
    FROM catalog_index_work w JOIN product_parameters pp ON pp.product_id = w.product_id
    WHERE pp.identifier NOT LIKE 'nutrition-%'
    GROUP BY pp.product_id
  ),
  words AS (
    SELECT t.product_id, array_agg(t.language_id || '|' || x.word ORDER BY t.language_id, x.n) AS words
    FROM catalog_index_work w
    JOIN products p ON p.id = w.product_id AND p.active
    JOIN product_translations t ON t.product_id = p.id
    CROSS JOIN LATERAL regexp_split_to_table(lower(t.name), '[^[:alnum:]]+') WITH ORDINALITY AS x(word, n)
    WHERE length(x.word) >= 2
    GROUP BY t.product_id
  )
  INSERT INTO product_index AS pi (product_id, version, active, brand_id, created_at, custom_sort, category_ids, sizes,
                                   campaign_ids, params, name_words)
  SELECT w.product_id, v, coalesce(p.active, false), p.brand_id, p.created_at, coalesce(p.custom_sort, '{}'),
         coalesce(cats.ids, '{}'), coalesce(sizes.vals, '{}'), coalesce(camps.ids, '{}'), coalesce(params.vals, '{}'),
         coalesce(words.words, '{}')
  FROM catalog_index_work w
  LEFT JOIN products p ON p.id = w.product_id
  LEFT JOIN cats ON cats.product_id = w.product_id
  LEFT JOIN sizes ON sizes.product_id = w.product_id
  LEFT JOIN camps ON camps.product_id = w.product_id
  LEFT JOIN params ON params.product_id = w.product_id
  LEFT JOIN words ON words.product_id = w.product_id
  ON CONFLICT (product_id) DO UPDATE SET
    version = excluded.version, active = excluded.active, brand_id = excluded.brand_id,
    created_at = excluded.created_at, custom_sort = excluded.custom_sort, category_ids = excluded.category_ids,
    sizes = excluded.sizes, campaign_ids = excluded.campaign_ids, params = excluded.params,
    name_words = excluded.name_words;

  DELETE FROM product_list_prices lp USING catalog_index_work w WHERE lp.product_id = w.product_id;

  -- The card price per market and window: the cheapest active SKU's selling price in effect, with that SKU's
  -- regular price. A reduction (selling below regular) is in effect from reduced_since, while its price campaign
  -- (if any) is active and between starts_at (inclusive) and ends_at (exclusive); otherwise the SKU sells at its
  -- regular price. Windows start at -infinity and at each of those dates; neighbours with the same card merge.
  WITH cand AS (
    SELECT s.product_id, pr.market_alias, s.id AS sku_id, s.sort_order, pr.currency_code,
           pr.regular_minor AS regular, pr.selling_minor AS selling, pr.reduced_since,
           pr.selling_minor < pr.regular_minor AND (pr.campaign_id IS NULL OR coalesce(dc.active, false)) AS reducible,
           dc.starts_at, dc.ends_at
    FROM catalog_index_work w
    JOIN skus s ON s.product_id = w.product_id AND s.active
    JOIN prices pr ON pr.sku_id = s.id
    LEFT JOIN discount_campaigns dc ON dc.id = pr.campaign_id
  ),
  edges AS (
    SELECT c.product_id, c.market_alias, '-infinity'::timestamptz AS at FROM cand c
    UNION
    SELECT c.product_id, c.market_alias, e.at
    FROM cand c CROSS JOIN LATERAL unnest(ARRAY[c.reduced_since, c.starts_at, c.ends_at]) AS e(at)
    WHERE c.reducible AND e.at IS NOT NULL
  ),
  spans AS (
    SELECT product_id, market_alias, at AS valid_from,
           lead(at, 1, 'infinity') OVER (PARTITION BY product_id, market_alias ORDER BY at) AS valid_until
    FROM edges
  ),
  cards AS (
    SELECT DISTINCT ON (sp.product_id, sp.market_alias, sp.valid_from)
           sp.product_id, sp.market_alias, sp.valid_from, sp.valid_until, c.sku_id, c.currency_code, c.regular,
           x.selling, x.reduced, c.reduced_since
    FROM spans sp
    JOIN cand c ON c.product_id = sp.product_id AND c.market_alias = sp.market_alias
    CROSS JOIN LATERAL (
      SELECT c.reducible AND (c.reduced_since IS NULL OR c.reduced_since <= sp.valid_from)
             AND (c.starts_at IS NULL OR c.starts_at <= sp.valid_from)
             AND (c.ends_at IS NULL OR sp.valid_from < c.ends_at) AS reduced
    ) r
    CROSS JOIN LATERAL (
      SELECT CASE WHEN c.selling < c.regular AND NOT r.reduced THEN c.regular ELSE c.selling END AS selling, r.reduced
    ) x
    ORDER BY sp.product_id, sp.market_alias, sp.valid_from, x.selling, c.sort_order, c.sku_id
  ),
  marked AS (
    SELECT *, CASE WHEN lag(sku_id) OVER w = sku_id AND lag(selling) OVER w = selling AND lag(reduced) OVER w = reduced
                   THEN 0 ELSE 1 END AS starts
    FROM cards
    WINDOW w AS (PARTITION BY product_id, market_alias ORDER BY valid_from)
  ),
  islands AS (
    SELECT *, sum(starts) OVER (PARTITION BY product_id, market_alias ORDER BY valid_from) AS island FROM marked
  ),
  merged AS (
    SELECT product_id, market_alias, min(valid_from) AS valid_from, max(valid_until) AS valid_until,
           min(sku_id) AS sku_id, min(currency_code) AS currency_code, min(regular) AS regular,
           min(selling) AS selling, bool_and(reduced) AS reduced, min(reduced_since) AS reduced_since
    FROM islands
    GROUP BY product_id, market_alias, island
  )
  -- A reduced price: the lowest selling price in effect during the 30 days before the reduction began (the price in
  -- effect when the window opened and every price set inside it); the regular price without a log.
  INSERT INTO product_list_prices (product_id, market_alias, valid_from, valid_until, sku_id, currency_code,
                                   regular_minor, selling_minor, lowest_minor, discount_percent)
  SELECT m.product_id, m.market_alias, m.valid_from, m.valid_until, m.sku_id, m.currency_code, m.regular, m.selling,
         l.lowest,
         CASE WHEN l.lowest > m.selling THEN ((l.lowest - m.selling) * 100) / l.lowest ELSE 0 END
  FROM merged m
  CROSS JOIN LATERAL (
    -- OFFSET 0: computed once per window (inlined, the outer expressions would repeat its subqueries).
    SELECT CASE WHEN m.reduced THEN coalesce(least(
             (SELECT pl.selling_minor FROM price_log pl
              WHERE pl.sku_id = m.sku_id AND pl.market_alias = m.market_alias
                AND pl.at <= m.reduced_since - interval '30 days'
              ORDER BY pl.at DESC LIMIT 1),
             (SELECT min(pl.selling_minor) FROM price_log pl
              WHERE pl.sku_id = m.sku_id AND pl.market_alias = m.market_alias
                AND pl.at > m.reduced_since - interval '30 days' AND pl.at < m.reduced_since)
           ), m.regular) END AS lowest
    OFFSET 0
  ) l;
END
$$;
--> statement-breakpoint
-- Adds the difference of two word counts ({"languageId|word": n}) to search_words; words no product name holds any
-- more leave it unless a category name holds them. Returns whether anything changed.
CREATE OR REPLACE FUNCTION mili_search_words_add(before jsonb, after jsonb) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  n integer;
BEGIN
  WITH delta AS (
    SELECT split_part(k, '|', 1) AS language_id, substr(k, strpos(k, '|') + 1) AS word, d
    FROM (SELECT coalesce(a.key, b.key) AS k, coalesce(a.value::int, 0) - coalesce(b.value::int, 0) AS d
          FROM jsonb_each_text(after) a FULL JOIN jsonb_each_text(before) b ON b.key = a.key) x
    WHERE d <> 0
  )
  INSERT INTO search_words AS sw (language_id, word, stem, products)
  SELECT delta.language_id, delta.word, mili_stem(delta.language_id, delta.word),
         greatest(coalesce(cur.products, 0) + delta.d, 0)
  FROM delta
  LEFT JOIN search_words cur ON cur.language_id = delta.language_id AND cur.word = delta.word
  ON CONFLICT (language_id, word) DO UPDATE SET products = excluded.products;
  GET DIAGNOSTICS n = ROW_COUNT;
  IF n = 0 THEN
    RETURN false;
  END IF;
  DELETE FROM search_words sw
  WHERE sw.products = 0
    AND sw.language_id || '|' || sw.word IN (
      SELECT coalesce(a.key, b.key) FROM jsonb_each_text(after) a FULL JOIN jsonb_each_text(before) b ON b.key = a.key)
    AND NOT EXISTS (SELECT 1 FROM category_translations ct
                    CROSS JOIN LATERAL regexp_split_to_table(lower(ct.name), '[^[:alnum:]]+') AS x(word)
                    WHERE ct.language_id = sw.language_id AND x.word = sw.word);
  RETURN true;
END
$$;
--> statement-breakpoint
-- The words of category names (with no product count of their own) after categories changed.
CREATE OR REPLACE FUNCTION mili_search_words_categories() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (language_id, word, stem, products)
  SELECT DISTINCT ct.language_id, x.word, mili_stem(ct.language_id, x.word), 0
  FROM category_translations ct
  CROSS JOIN LATERAL regexp_split_to_table(lower(ct.name), '[^[:alnum:]]+') AS x(word)
  WHERE length(x.word) >= 2
  ON CONFLICT (language_id, word) DO NOTHING;
  DELETE FROM search_words sw
  WHERE sw.products = 0
    AND NOT EXISTS (SELECT 1 FROM category_translations ct
                    CROSS JOIN LATERAL regexp_split_to_table(lower(ct.name), '[^[:alnum:]]+') AS x(word)
                    WHERE ct.language_id = sw.language_id AND x.word = sw.word);
END
$$;
--> statement-breakpoint
-- Labels of these facet values (p_… and s_…), recomputed from all parameters and size values that carry them.
CREATE OR REPLACE FUNCTION mili_facet_labels_refresh(facets text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  params text[] := array(SELECT substr(f, 3) FROM unnest(facets) f WHERE left(f, 2) = 'p_');
  sizes text[] := array(SELECT substr(f, 3) FROM unnest(facets) f WHERE left(f, 2) = 's_');
BEGIN
  DELETE FROM facet_labels WHERE facet = ANY(facets);
  INSERT INTO facet_labels (facet, language_id, group_label, label)
  SELECT 'p_' || (pp.identifier || '_' || coalesce(pp.value_key, mili_slug(pp.value))), pp.language_id,
         min(pp.name), min(pp.value)
  FROM product_parameters pp
  WHERE (pp.identifier || '_' || coalesce(pp.value_key, mili_slug(pp.value))) = ANY(params)
    AND pp.identifier NOT LIKE 'nutrition-%'
  GROUP BY 1, 2;
  INSERT INTO facet_labels (facet, language_id, group_label, label)
  SELECT 's_' || v.value, l.key, NULL, min(l.value)
  FROM (SELECT value, min(label::text)::jsonb AS label FROM variant_values
        WHERE dimension = 'Size' AND value = ANY(sizes) GROUP BY value) v
  CROSS JOIN LATERAL jsonb_each_text(v.label) l
  GROUP BY 1, 2;
END
$$;
--> statement-breakpoint
-- The whole index again, stamped with version v (the migration, a bulk load, a TRUNCATE of a catalog table).
CREATE OR REPLACE FUNCTION mili_catalog_index_rebuild(v bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- DELETE, not TRUNCATE: lists keep reading the previous index until this commits.
  DELETE FROM product_index;
  DELETE FROM product_list_prices;
  DELETE FROM facet_labels;
  DELETE FROM search_words;
  DELETE FROM catalog_index_work;
  INSERT INTO catalog_index_work (product_id) SELECT id FROM products;
  ANALYZE catalog_index_work;
  PERFORM mili_catalog_index_write(v);
  TRUNCATE catalog_index_work;

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

  -- Words of names and categories with their stems in the language's configuration.
  INSERT INTO search_words (language_id, word, stem, products)
  SELECT w.language_id, w.word, mili_stem(w.language_id, w.word), sum(w.n)::int
  FROM (
    SELECT split_part(x, '|', 1) AS language_id, substr(x, strpos(x, '|') + 1) AS word, count(*) AS n
    FROM product_index pi CROSS JOIN LATERAL unnest(pi.name_words) AS x
    GROUP BY 1, 2
    UNION ALL
    SELECT ct.language_id, x.word, 0
    FROM category_translations ct
    CROSS JOIN LATERAL regexp_split_to_table(lower(ct.name), '[^[:alnum:]]+') AS x(word)
    WHERE length(x.word) >= 2
  ) w
  GROUP BY 1, 2;

  UPDATE catalog_index_state SET full_version = v, meta_version = v, refreshed_at = now();
  ANALYZE product_index;
  ANALYZE product_list_prices;
  ANALYZE facet_labels;
  ANALYZE search_words;
  -- Empty again: the refreshes at later commits hold a few products, and must be planned for a few (index lookups),
  -- not for the catalog this rebuild held (hash joins over every parameter and price: seconds per commit).
  ANALYZE catalog_index_work;
END
$$;
--> statement-breakpoint
-- Rebuilds the whole index now (also for operators: SELECT refresh_catalog_index()). Returns the new version.
CREATE OR REPLACE FUNCTION refresh_catalog_index() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v bigint;
BEGIN
  UPDATE catalog_index_state SET version = version + 1 RETURNING version INTO v;
  PERFORM mili_catalog_index_rebuild(v);
  RETURN v;
END
$$;
--> statement-breakpoint
-- At the commit of a transaction that changed the catalog: refresh what it queued, as the next version.
CREATE OR REPLACE FUNCTION mili_catalog_index_commit() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d record;
  v bigint;
  n integer;
  before jsonb;
  after jsonb;
  facets text[];
  changed boolean;
BEGIN
  DELETE FROM catalog_index_dirty WHERE txid = NEW.txid RETURNING full_rebuild, meta INTO d;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  -- One committing writer at a time from here to its commit: versions follow the commit order, so a reader that
  -- sees version v sees every change up to v.
  UPDATE catalog_index_state SET version = version + 1 RETURNING version INTO v;
  IF NOT d.full_rebuild THEN
    INSERT INTO catalog_index_work (product_id)
    SELECT DISTINCT product_id FROM catalog_index_queue WHERE product_id IS NOT NULL;
    GET DIAGNOSTICS n = ROW_COUNT;
    -- Most of the catalog changed: rebuilding it is cheaper than patching it.
    IF n > 10000 AND n * 3 > (SELECT count(*) FROM products) THEN
      d.full_rebuild := true;
    ELSIF n > 1000 THEN
      -- Many products: plan the refresh for them (hash joins), and for a few again afterwards (below).
      ANALYZE catalog_index_work;
    END IF;
  END IF;
  IF d.full_rebuild THEN
    DELETE FROM catalog_index_queue;
    PERFORM mili_catalog_index_rebuild(v);
    RETURN NULL;
  END IF;
  facets := array(SELECT DISTINCT facet FROM catalog_index_queue WHERE facet IS NOT NULL);
  DELETE FROM catalog_index_queue;
  SELECT coalesce(jsonb_object_agg(k, c), '{}') INTO before
  FROM (SELECT x AS k, count(*) AS c FROM catalog_index_work w JOIN product_index pi ON pi.product_id = w.product_id
        CROSS JOIN LATERAL unnest(pi.name_words) AS x GROUP BY 1) s;
  PERFORM mili_catalog_index_write(v);
  SELECT coalesce(jsonb_object_agg(k, c), '{}') INTO after
  FROM (SELECT x AS k, count(*) AS c FROM catalog_index_work w JOIN product_index pi ON pi.product_id = w.product_id
        CROSS JOIN LATERAL unnest(pi.name_words) AS x GROUP BY 1) s;
  DELETE FROM catalog_index_work;
  IF n > 1000 THEN
    ANALYZE catalog_index_work;
  END IF;
  changed := mili_search_words_add(before, after);
  IF d.meta THEN
    PERFORM mili_search_words_categories();
  END IF;
  IF cardinality(facets) > 0 THEN
    PERFORM mili_facet_labels_refresh(facets);
  END IF;
  UPDATE catalog_index_state
  SET refreshed_at = now(),
      meta_version = CASE WHEN d.meta OR changed OR cardinality(facets) > 0 THEN v ELSE meta_version END;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER catalog_index_commit AFTER INSERT ON catalog_index_dirty
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION mili_catalog_index_commit();
--> statement-breakpoint
DO $$
DECLARE
  spec text[];
  op text;
BEGIN
  -- table, its product id column (or sku_id), facet labels it carries
  FOREACH spec SLICE 1 IN ARRAY ARRAY[
    ['product_categories', 'product_id', ''], ['product_parameters', 'product_id', 'param'],
    ['variant_values', 'product_id', 'size'], ['prices', 'sku_id', ''], ['price_log', 'sku_id', ''],
    ['campaign_products', 'product_id', ''], ['products', 'id', ''], ['product_translations', 'product_id', ''],
    ['skus', 'product_id', '']]
  LOOP
    FOREACH op IN ARRAY ARRAY['insert', 'update', 'delete'] LOOP
      -- Products, their names and SKUs change often in ways lists ignore (sales, ratings, texts, stock): their
      -- updates have row triggers that fire only for the columns that matter (below).
      CONTINUE WHEN op = 'update' AND spec[1] IN ('products', 'product_translations', 'skus');
      EXECUTE format('CREATE TRIGGER %I AFTER %s ON %I REFERENCING %s FOR EACH STATEMENT
                      EXECUTE FUNCTION mili_catalog_queue(%L, %L)',
                     spec[1] || '_catalog_index_' || op, upper(op), spec[1],
                     CASE op WHEN 'insert' THEN 'NEW TABLE AS new_rows' WHEN 'delete' THEN 'OLD TABLE AS old_rows'
                             ELSE 'OLD TABLE AS old_rows NEW TABLE AS new_rows' END,
                     spec[2], spec[3]);
    END LOOP;
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION mili_catalog_queue(%L, %L)',
                   spec[1] || '_catalog_index_truncate', spec[1], spec[2], spec[3]);
  END LOOP;
  CREATE TRIGGER products_catalog_index_update AFTER UPDATE OF active, brand_id, created_at, custom_sort ON products
    FOR EACH ROW
    WHEN (current_setting('mili.catalog_index_bulk', true) IS DISTINCT FROM 'on'
          AND (OLD.active IS DISTINCT FROM NEW.active OR OLD.brand_id IS DISTINCT FROM NEW.brand_id
               OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.custom_sort IS DISTINCT FROM NEW.custom_sort))
    EXECUTE FUNCTION mili_catalog_queue_row('id');
  CREATE TRIGGER product_translations_catalog_index_update
    AFTER UPDATE OF product_id, language_id, name, search_vector ON product_translations
    FOR EACH ROW
    WHEN (current_setting('mili.catalog_index_bulk', true) IS DISTINCT FROM 'on'
          AND (OLD.product_id IS DISTINCT FROM NEW.product_id OR OLD.language_id IS DISTINCT FROM NEW.language_id
               OR OLD.name IS DISTINCT FROM NEW.name OR OLD.search_vector IS DISTINCT FROM NEW.search_vector))
    EXECUTE FUNCTION mili_catalog_queue_row('product_id');
  CREATE TRIGGER skus_catalog_index_update AFTER UPDATE OF product_id, active ON skus
    FOR EACH ROW
    WHEN (current_setting('mili.catalog_index_bulk', true) IS DISTINCT FROM 'on'
          AND (OLD.product_id IS DISTINCT FROM NEW.product_id OR OLD.active IS DISTINCT FROM NEW.active))
    EXECUTE FUNCTION mili_catalog_queue_row('product_id');
  CREATE TRIGGER discount_campaigns_catalog_index_update AFTER UPDATE ON discount_campaigns
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION mili_catalog_queue_campaigns();
  FOREACH op IN ARRAY ARRAY['categories', 'category_translations', 'brands', 'campaign_translations',
                            'discount_campaigns']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR %s DELETE OR TRUNCATE ON %I FOR EACH STATEMENT
                    EXECUTE FUNCTION mili_catalog_meta()',
                   op || '_catalog_index', CASE WHEN op = 'discount_campaigns' THEN '' ELSE 'UPDATE OR' END, op);
  END LOOP;
END
$$;
--> statement-breakpoint
SELECT refresh_catalog_index();
