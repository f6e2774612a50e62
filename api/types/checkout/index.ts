/**
 * The checkout in the Geins Merchant API's names (decision 0019, 0030), one file per use case:
 * - fields.ts: createOrUpdateCheckout, setCartShippingFee and storedCheckout, answering CheckoutType
 *   (checkout-type.ts, read or changed in edges.ts);
 * - place.ts: placeOrder; withdraw.ts: withdrawFromOrder;
 * - confirmation.ts: the confirmation page's `checkout` (and the deprecated getCheckout, getCheckoutAndOrder), the
 *   order as CheckoutOrderType (order-type.ts);
 * - validate.ts: validateOrderConditions and validateOrderCreation.
 * Each resolver calls services/checkout and services/orders; a refused checkout answers a stable `extensions.code`
 * and `reason`, its message and each field's in the request's language (errors.ts). The input types and enums are
 * in inputs.ts.
 */
import "./fields.ts";
import "./place.ts";
import "./withdraw.ts";
import "./confirmation.ts";
import "./validate.ts";
