-- product_index carries what lists filter and count on (activity, brand, per-market selling price and discount),
-- so facet counts scan one table without joins.
TRUNCATE product_index;
--> statement-breakpoint
ALTER TABLE "product_index" ADD COLUMN "active" boolean NOT NULL;--> statement-breakpoint
ALTER TABLE "product_index" ADD COLUMN "brand_id" integer;--> statement-breakpoint
ALTER TABLE "product_index" ADD COLUMN "selling" jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "product_index" ADD COLUMN "discount" jsonb NOT NULL;--> statement-breakpoint
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
  ),
  priced AS (
    SELECT lp.product_id, jsonb_object_agg(lp.market_alias, lp.selling_minor) AS selling,
           jsonb_object_agg(lp.market_alias, lp.discount_percent) AS discount
    FROM product_list_prices lp
    GROUP BY lp.product_id
  )
  INSERT INTO product_index (product_id, active, brand_id, selling, discount, category_ids, sizes, campaign_ids, params)
  SELECT p.id, p.active, p.brand_id, coalesce(priced.selling, '{}'), coalesce(priced.discount, '{}'),
         coalesce(cats.ids, '{}'), coalesce(sizes.vals, '{}'), coalesce(camps.ids, '{}'), coalesce(params.vals, '{}')
  FROM products p
  LEFT JOIN priced ON priced.product_id = p.id
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
SELECT refresh_catalog_index();
