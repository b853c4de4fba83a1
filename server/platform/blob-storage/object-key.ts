/**
 * The shape of every object key: the upload folders (server/uploads/object-keys.ts makes the keys)
 * with a 32-character random name. A key read back from a request must still be one of ours, and
 * local blob storage refuses any other key, so a crafted key never leaves its root. `js` is the
 * Shopify storefront script (server/shops/theme-routes.ts), stored beside the merchant's uploads.
 * `/buyer-images/<date>/…` holds the pictures store buyers personalise with
 * (server/personalization/buyer-images.ts): no merchant's folder, pictures only.
 */
export const KEY_RE =
  /^(\/(CustomizedImages|customizedTemplate\/customImages)(\/imagePhoto)?\/\d+\/\d{4}-?\d{2}-?\d{2}\/[A-Za-z0-9]{32}(_thumbnail|_edit)?\.(png|jpg|json|js)|\/buyer-images\/\d{4}-\d{2}-\d{2}\/[A-Za-z0-9]{32}\.(png|jpg))$/;
