/** Our own wording of the commerce pages (the established messages live in contract/commerce.ts). */
export const CART_DELETE_CONFIRM = 'Are you sure you want to delete this item from the cart?';
export const ORDER_CANCEL_CONFIRM = 'Are you sure you want to cancel this order?';
export const NO_ADDRESS = 'Please add a shipping address';
