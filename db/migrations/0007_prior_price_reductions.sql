-- Reductions announced against their prior price (docs/decisions/0013-reductions-against-the-prior-price.md): the
-- list index prices each product by the same rule as domain/prices.ts (appliedPrices, cheapestPrices, priceReduction),
-- over its price history, and tests/integration/price-reduction.test.ts proves the two equal on generated histories.
-- product_list_prices.lowest_minor is now the prior price of the reduction announced in the window (null: none) and
-- discount_percent its percentage (0: none); windows follow the logged history too. Every change of a price row is
-- logged (price_log), so that the history is whole.

-- The reduction announced while each segment of a price history applies (domain/prices.ts reductionOfSegment, for
-- every segment at once): segments in time order, `ats` strictly increasing (only the first may be -infinity), each
-- price different from the one before. A segment is a reduction when its price is below the one before; the falls
-- right before its own, one after the other, that came at most `days` (× 24 hours) before it belong to it (a
-- reduction in steps keeps its first step); the prior price is the lowest price of the segments applied during the
-- `days` days before the first step; announced when the percentage, rounded down, is at least 1. Returns the
-- announced segments only (k: 1-based index).
CREATE OR REPLACE FUNCTION mili_price_reductions(ats timestamptz[], prices integer[], days integer DEFAULT 30)
RETURNS TABLE (k integer, since timestamptz, prior integer, percent integer) LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  n integer := coalesce(cardinality(ats), 0);
  w interval := make_interval(hours => days * 24);
  j integer;
  low integer;
  low_of integer := 0;
BEGIN
  FOR kk IN 2..n LOOP
    IF prices[kk - 1] > prices[kk] THEN
      j := kk;
      WHILE j >= 3 AND prices[j - 2] > prices[j - 1] AND ats[kk] - ats[j - 1] <= w LOOP
        j := j - 1;
      END LOOP;
      IF low_of <> j THEN
        low := NULL;
        FOR i IN 1..j - 1 LOOP
          IF ats[i + 1] > ats[j] - w THEN
            low := least(low, prices[i]);
          END IF;
        END LOOP;
        low_of := j;
      END IF;
      IF low > prices[kk] AND ((low - prices[kk])::bigint * 100 / low) > 0 THEN
        k := kk;
        since := ats[j];
        prior := low;
        percent := ((low - prices[kk])::bigint * 100 / low)::integer;
        RETURN NEXT;
      END IF;
    END IF;
  END LOOP;
END
$$;
--> statement-breakpoint
-- Every change of a price row is logged when it is made (price_log: the history prior prices are read from, where
-- a row applies from its last logged change on), one statement per statement. A bulk load (the seed) writes its
-- own history. No nested loop: the planner takes a transition table for one row, and a nested loop over thousands
-- takes seconds.
CREATE OR REPLACE FUNCTION mili_price_log_change() RETURNS trigger LANGUAGE plpgsql
  SET enable_nestloop = off AS $$
BEGIN
  IF current_setting('mili.catalog_index_bulk', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO price_log (sku_id, market_alias, regular_minor, selling_minor, at)
    SELECT n.sku_id, n.market_alias, n.regular_minor, n.selling_minor, now() FROM new_rows n;
  ELSE
    INSERT INTO price_log (sku_id, market_alias, regular_minor, selling_minor, at)
    SELECT n.sku_id, n.market_alias, n.regular_minor, n.selling_minor, now()
    FROM new_rows n
    LEFT JOIN old_rows o ON o.sku_id = n.sku_id AND o.market_alias = n.market_alias
    WHERE (o.regular_minor, o.selling_minor, o.reduced_since, o.campaign_id)
          IS DISTINCT FROM (n.regular_minor, n.selling_minor, n.reduced_since, n.campaign_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER prices_log_insert AFTER INSERT ON prices REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION mili_price_log_change();
--> statement-breakpoint
CREATE TRIGGER prices_log_update AFTER UPDATE ON prices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION mili_price_log_change();
--> statement-breakpoint
-- A commit refreshes a few products, a rebuild all of them: each statement is planned for the products at hand
-- (a plan cached for one product takes seconds for a hundred), and not compiled (jit: 80–90 ms, more than a commit's
-- refresh takes to run).
CREATE OR REPLACE FUNCTION mili_catalog_index_write(v bigint) RETURNS void LANGUAGE plpgsql
  SET jit = off SET plan_cache_mode = force_custom_plan AS $$
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

  -- Each product's price per market over time, as domain/prices.ts prices it: a SKU applies its logged prices
  -- (price_log; of two at one instant the later logged) before its last logged change, and from that change on (since
  -- always, without a log) what its price row applies: a reduction (selling below regular) from reduced_since, while
  -- its price campaign, if any, is active and between starts_at (inclusive) and ends_at (exclusive); otherwise the
  -- regular price (mili_price_in_effect). The product applies its cheapest active SKU's price at each moment (a SKU
  -- counts from its first change on). A window [valid_from, valid_until) keeps one card: that SKU, its price and
  -- regular price; the reduction announced in it (prior price and percentage) is mili_price_reductions' over the
  -- product's price history.
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
  log AS (
    SELECT c.product_id, c.sku_id, c.market_alias, l.id, l.at, l.selling_minor AS price, l.regular_minor AS regular,
           max(l.at) OVER (PARTITION BY c.sku_id, c.market_alias) AS last
    FROM cand c
    JOIN price_log l ON l.sku_id = c.sku_id AND l.market_alias = c.market_alias
  ),
  -- A product whose SKUs have no log and no reduction that could apply has one price forever: one window, no
  -- reduction (below). The others follow their history.
  moving AS (
    SELECT product_id, market_alias FROM cand WHERE reducible
    UNION
    SELECT product_id, market_alias FROM log
  ),
  rows_of_moving AS (
    SELECT c.*, coalesce(ll.last, '-infinity') AS logged_until
    FROM cand c
    JOIN moving m ON m.product_id = c.product_id AND m.market_alias = c.market_alias
    LEFT JOIN (SELECT DISTINCT sku_id, market_alias, last FROM log) ll
      ON ll.sku_id = c.sku_id AND ll.market_alias = c.market_alias
  ),
  logged AS (
    SELECT DISTINCT ON (c.sku_id, c.market_alias, l.at)
           c.product_id, c.market_alias, c.sku_id, c.sort_order, c.currency_code, l.at, l.price, l.regular
    FROM rows_of_moving c
    JOIN log l ON l.sku_id = c.sku_id AND l.market_alias = c.market_alias AND l.at < l.last
    ORDER BY c.sku_id, c.market_alias, l.at, l.id DESC
  ),
  from_row AS (
    SELECT c.product_id, c.market_alias, c.sku_id, c.sort_order, c.currency_code, e.at,
           CASE WHEN c.selling < c.regular
                     AND NOT (c.reducible AND (c.reduced_since IS NULL OR c.reduced_since <= e.at)
                              AND (c.starts_at IS NULL OR c.starts_at <= e.at)
                              AND (c.ends_at IS NULL OR e.at < c.ends_at))
                THEN c.regular ELSE c.selling END AS price,
           c.regular
    FROM rows_of_moving c
    CROSS JOIN LATERAL (
      SELECT c.logged_until AS at
      UNION ALL
      SELECT x FROM unnest(ARRAY[c.reduced_since, c.starts_at, c.ends_at]) AS x WHERE c.reducible AND x > c.logged_until
    ) e
  ),
  changes AS (
    SELECT * FROM logged UNION ALL SELECT * FROM from_row
  ),
  spans AS (
    SELECT ch.*, lead(ch.at, 1, 'infinity') OVER (PARTITION BY ch.sku_id, ch.market_alias ORDER BY ch.at) AS until
    FROM changes ch
  ),
  edges AS (
    SELECT DISTINCT product_id, market_alias, at FROM changes
  ),
  cards AS (
    SELECT DISTINCT ON (e.product_id, e.market_alias, e.at)
           e.product_id, e.market_alias, e.at AS valid_from, sp.sku_id, sp.currency_code, sp.regular, sp.price AS selling
    FROM edges e
    JOIN spans sp ON sp.product_id = e.product_id AND sp.market_alias = e.market_alias
                 AND sp.at <= e.at AND e.at < sp.until
    ORDER BY e.product_id, e.market_alias, e.at, sp.price, sp.sort_order, sp.sku_id
  ),
  marked AS (
    SELECT c.*, lead(c.valid_from, 1, 'infinity') OVER w AS valid_until,
           CASE WHEN lag(c.selling) OVER w = c.selling THEN 0 ELSE 1 END AS moved,
           CASE WHEN lag(c.selling) OVER w = c.selling AND lag(c.sku_id) OVER w = c.sku_id
                     AND lag(c.regular) OVER w = c.regular THEN 0 ELSE 1 END AS starts
    FROM cards c
    WINDOW w AS (PARTITION BY c.product_id, c.market_alias ORDER BY c.valid_from)
  ),
  numbered AS (
    SELECT m.*, sum(m.moved) OVER w AS segment, sum(m.starts) OVER w AS island
    FROM marked m
    WINDOW w AS (PARTITION BY m.product_id, m.market_alias ORDER BY m.valid_from)
  ),
  -- The product's price history: one row per segment of one price (its first window's start).
  series AS (
    SELECT product_id, market_alias, array_agg(valid_from ORDER BY valid_from) AS ats,
           array_agg(selling ORDER BY valid_from) AS prices
    FROM numbered
    WHERE moved = 1
    GROUP BY product_id, market_alias
    HAVING count(*) > 1
  ),
  reductions AS (
    SELECT s.product_id, s.market_alias, r.k, r.prior, r.percent
    FROM series s CROSS JOIN LATERAL mili_price_reductions(s.ats, s.prices) r
  ),
  merged AS (
    SELECT product_id, market_alias, min(valid_from) AS valid_from, max(valid_until) AS valid_until,
           min(sku_id) AS sku_id, min(currency_code) AS currency_code, min(regular) AS regular,
           min(selling) AS selling, min(segment) AS segment
    FROM numbered
    GROUP BY product_id, market_alias, island
  )
  INSERT INTO product_list_prices (product_id, market_alias, valid_from, valid_until, sku_id, currency_code,
                                   regular_minor, selling_minor, lowest_minor, discount_percent)
  SELECT m.product_id, m.market_alias, m.valid_from, m.valid_until, m.sku_id, m.currency_code, m.regular, m.selling,
         r.prior, coalesce(r.percent, 0)
  FROM merged m
  LEFT JOIN reductions r ON r.product_id = m.product_id AND r.market_alias = m.market_alias AND r.k = m.segment
  UNION ALL
  -- One price forever: the cheapest SKU's (a price row that cannot reduce sells at its regular price).
  (SELECT DISTINCT ON (c.product_id, c.market_alias)
         c.product_id, c.market_alias, '-infinity', 'infinity', c.sku_id, c.currency_code, c.regular,
         CASE WHEN c.selling < c.regular THEN c.regular ELSE c.selling END, NULL, 0
  FROM cand c
  WHERE NOT EXISTS (SELECT 1 FROM moving m WHERE m.product_id = c.product_id AND m.market_alias = c.market_alias)
  ORDER BY c.product_id, c.market_alias, CASE WHEN c.selling < c.regular THEN c.regular ELSE c.selling END,
           c.sort_order, c.sku_id);
END
$$;
--> statement-breakpoint
SELECT refresh_catalog_index();
