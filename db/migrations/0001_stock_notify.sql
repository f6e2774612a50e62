-- Stock changes of a SKU are announced to every app process that LISTENs on "mili_stock" (GraphQL subscription
-- stockChanged): one notification per changed row, delivered when the transaction commits, none when it rolls
-- back. eventId lets processes that share Redis publish each change once (docs/decisions/0010-subscriptions.md).
CREATE OR REPLACE FUNCTION mili_notify_stock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mili_stock', json_build_object(
    'eventId', gen_random_uuid(),
    'productId', NEW.product_id,
    'skuId', NEW.id,
    'inStock', NEW.in_stock,
    'oversellable', NEW.oversellable,
    'static', NEW.static,
    'incoming', NEW.incoming
  )::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER skus_stock_notify
  AFTER UPDATE OF in_stock, oversellable, static, incoming ON skus
  FOR EACH ROW
  WHEN (
    OLD.in_stock IS DISTINCT FROM NEW.in_stock
    OR OLD.oversellable IS DISTINCT FROM NEW.oversellable
    OR OLD.static IS DISTINCT FROM NEW.static
    OR OLD.incoming IS DISTINCT FROM NEW.incoming
  )
  EXECUTE FUNCTION mili_notify_stock();
