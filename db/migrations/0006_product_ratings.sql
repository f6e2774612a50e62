-- A product's rating is its approved reviews, in every language: products.rating_score (their average, two
-- decimals) and products.vote_count (how many) are kept equal to them here, whoever writes reviews (a review
-- posted, approved or removed), so the card, the JSON-LD and the product page's reviews read one source. A bulk
-- load (the seed, mili.catalog_index_bulk) computes them once at its end instead.
CREATE OR REPLACE FUNCTION mili_refresh_ratings(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE products p
  SET rating_score = r.score, vote_count = r.votes
  FROM (
    SELECT id.product_id,
           (SELECT round(avg(v.rating), 2) FROM reviews v
            WHERE v.product_id = id.product_id AND v.status = 'approved') AS score,
           (SELECT count(*)::int FROM reviews v
            WHERE v.product_id = id.product_id AND v.status = 'approved') AS votes
    FROM (SELECT DISTINCT unnest(ids) AS product_id) id
  ) r
  WHERE p.id = r.product_id
    AND (p.rating_score IS DISTINCT FROM r.score OR p.vote_count IS DISTINCT FROM r.votes)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mili_product_ratings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('mili.catalog_index_bulk', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM mili_refresh_ratings(array(SELECT product_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM mili_refresh_ratings(array(SELECT product_id FROM old_rows));
  ELSE
    PERFORM mili_refresh_ratings(array(SELECT product_id FROM new_rows UNION SELECT product_id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER reviews_product_ratings_insert AFTER INSERT ON reviews REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION mili_product_ratings();
--> statement-breakpoint
CREATE TRIGGER reviews_product_ratings_update AFTER UPDATE ON reviews
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION mili_product_ratings();
--> statement-breakpoint
CREATE TRIGGER reviews_product_ratings_delete AFTER DELETE ON reviews REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION mili_product_ratings();
--> statement-breakpoint
-- Databases seeded before computed the same numbers once; recompute them in case reviews changed since.
SELECT mili_refresh_ratings(array(SELECT DISTINCT product_id FROM reviews UNION SELECT id FROM products WHERE vote_count > 0));
