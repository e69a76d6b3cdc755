import { cutText, type Money, type OpenInput } from '@splitpay/domain';
import { toPayPalAmount } from '../api/paypal-amount';

/** PayPal's limits on an item (Orders v2 `item`). */
const ITEM_NAME_MAX = 127;
const SKU_MAX = 127;
/** PayPal's item quantity: a whole number of at most ten digits (`^[1-9][0-9]{0,9}$`). */
const QUANTITY_MAX = 9_999_999_999;

type CartItem = NonNullable<OpenInput['order']['cartItems']>[number];

function unitPrice(line: CartItem): Money | undefined {
  return line.quantity > 0 && line.quantity <= QUANTITY_MAX && line.amount.amount % line.quantity === 0 ? { amount: line.amount.amount / line.quantity, currency: line.amount.currency } : undefined;
}

/**
 * The order's lines as PayPal items, with the item total PayPal checks them against; undefined when
 * the lines are not exactly this tranche (a part of a split order, another currency) or a line's unit
 * price is no whole minor unit PayPal can write: PayPal refuses an order whose items do not add up.
 */
export function itemsOf(input: OpenInput) {
  const cart = input.order.cartItems ?? [];
  if (cart.length === 0) return undefined;
  if (cart.some((line) => line.amount.currency !== input.amount.currency)) return undefined;
  if (cart.reduce((sum, line) => sum + line.amount.amount, 0) !== input.amount.amount) return undefined;
  const items = [];
  for (const line of cart) {
    const unit = unitPrice(line);
    const unitAmount = unit ? toPayPalAmount(unit) : undefined;
    const name = cutText(line.label.trim(), ITEM_NAME_MAX);
    if (!unitAmount || !name) return undefined;
    const sku = line.detail ? cutText(line.detail.itemId, SKU_MAX) : undefined;
    items.push({ name, quantity: String(line.quantity), unit_amount: unitAmount, ...(sku ? { sku } : {}) });
  }
  return items;
}
