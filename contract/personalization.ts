/**
 * Personalised products between the buyer's widget, the storefront scripts, the order import and
 * the merchant's orders: the widget's stable address, the line property that carries a buyer's
 * values, the messages. Pure: shared by the widget, the app and the server.
 */

/** Where the widget page and its loader are served (stable across builds: storefronts name them). */
export const PERSONALIZER_PATH = '/personalizer/';
export const PERSONALIZER_LOADER_PATH = '/personalizer/loader.js';

/**
 * The line property (Shopify line-item property, WooCommerce order item meta) holding the buyer's
 * values as JSON. The leading underscore keeps it out of Shopify's cart and checkout pages; the
 * readable lines (`Name on the mug: Ann`) travel beside it as properties of their own.
 */
export const PERSONALIZATION_PROPERTY = '_pod_personalization';

/** The JSON inside PERSONALIZATION_PROPERTY. */
export interface PersonalizationPayload {
  v: 1;
  /** The buyer's values, keyed by the element's localId (engine PersonalValues). */
  values: Record<string, unknown>;
}

/** The message the widget sends its parent page when the buyer confirms. */
export interface PersonalizedMessage {
  type: 'pod:personalized';
  /** Line properties to add to the cart line, in order: the readable lines, then the payload. */
  properties: { name: string; value: string }[];
}

/** The platforms a widget can be opened for. */
export const PERSONALIZER_PLATFORMS = ['shopify', 'woocommerce'] as const;
export type PersonalizerPlatform = (typeof PERSONALIZER_PLATFORMS)[number];

/** Buyer pictures: the largest file accepted. */
export const BUYER_IMAGE_MAX_BYTES = 15 * 1024 * 1024;

export const PersonalizationMessages = {
  productNotFound: 'This product cannot be personalised',
  notPicture: 'This file is not a picture (JPEG or PNG)',
  tooLarge: 'The picture must be at most 15 MB',
  missing: 'Please choose a picture',
  notPersonalised: 'This order line has no personalisation',
} as const;

/** A personalised order line as the merchant's order shows it. */
export interface OrderItemPersonalization {
  /** The buyer's values as readable lines. */
  lines: { label: string; value: string }[];
  /** Why the values could not be used (the print then shows the design as made), or null. */
  problem: string | null;
}
