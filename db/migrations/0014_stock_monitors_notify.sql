-- Back-in-stock e-mails (monitorProductAvailability, docs/decisions/0031): when a SKU can be bought again — it is
-- active and has units on the shelf, oversellable units or static stock, and it had not before — every request
-- waiting for it is marked notified and gets one e-mail job in the outbox, in the transaction that changed the stock.
-- So it happens whoever changes the stock (the API, an import, plain SQL), exactly once per request (the row is
-- marked in the same statement that queues its job), and never for a change that is rolled back. The app's mail
-- sender (services/mail/outbox.ts) sends the job like any other.
CREATE OR REPLACE FUNCTION mili_stock_monitors_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH due AS (
    UPDATE stock_monitors SET notified_at = now()
    WHERE sku_id = NEW.id AND notified_at IS NULL
    RETURNING id, email, sku_id, channel_id, language_id
  )
  INSERT INTO outbox (kind, payload)
  SELECT 'mail.backInStock',
         jsonb_build_object('monitorId', id, 'email', email, 'skuId', sku_id, 'channelId', channel_id,
                            'languageId', language_id)
  FROM due;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER skus_stock_monitors_notify
  AFTER UPDATE OF in_stock, oversellable, static, active ON skus
  FOR EACH ROW
  WHEN (
    NEW.active AND (NEW.in_stock > 0 OR NEW.oversellable > 0 OR NEW.static > 0)
    AND NOT (OLD.active AND (OLD.in_stock > 0 OR OLD.oversellable > 0 OR OLD.static > 0))
  )
  EXECUTE FUNCTION mili_stock_monitors_notify();
