/**
 * The routes that are open without a session, each with the reason it is. The route table says
 * which routes need the session; a route that declares none must be listed here, so a route that
 * forgot its `security` fails the suite instead of going out open. Patterns name the URL and
 * leave the method open (a method change does not change whether a route may be public).
 */
export interface Allowed {
  route: RegExp;
  why: string;
}

export const PUBLIC_ROUTES: Allowed[] = [
  { route: / \/prod-api\/health$/, why: 'the liveness check of load balancers' },
  { route: / \/prod-api\/captchaImage$/, why: 'the login form shows its image code before anyone is logged in' },
  {
    route: / \/prod-api\/api\/user\/(login|manyStoreLogin|sendEmailCode|add|forgetPassword|shareRegister)$/,
    why: 'logging in, signing up (also through a share link) and resetting a password happen without a session; each needs a password, an image code or an e-mailed code, and is rate limited',
  },
  {
    route: /^(GET|HEAD) \/prod-api\/api\/(product|productImages|customizedTemplate)\//,
    why: 'the catalogue, its templates and shipping rates are browsed before signing up',
  },
  { route: /^(GET|HEAD) \/prod-api\/files\/catalog\//, why: 'catalogue photography, shown on public pages' },
  {
    route: /^(GET|HEAD) \/prod-api\/storage\//,
    why: 'stored files are served by their unguessable key: storefronts load the pictures pushed to them',
  },
  {
    route: /^(GET|HEAD) \/prod-api\/api\/(platformMaterialTag|platformMaterialImages|platformBackgroundImages)\//,
    why: "the design tool's shared clip-art and backgrounds",
  },
  { route: /^(GET|HEAD) \/prod-api\/api\/payment\/methods$/, why: 'which payment methods are configured; no merchant data' },
  {
    route: /^(GET|HEAD) \/prod-api\/api\/brandSupport\/(packageList|getPackageInfo)$/,
    why: 'the branding packages, their items and prices, shown on the open /branding-project page; no merchant data',
  },
  { route: /^(GET|HEAD) \/prod-api\/api\/coupons\/shareCoupon\/:id$/, why: 'the landing page a visitor opens from a share link' },
  {
    route: /^(GET|HEAD) \/prod-api\/api\/blog\//,
    why: "the blog's articles, read by visitors and search engines; our own content, no merchant data",
  },
  {
    route: /^POST \/prod-api\/api\/shareCodeIp\/(addShopClickIp|addShopCodeIp)$/,
    why: 'visitors of the invite landing and the campaign page are counted before they have an account: one row a day per visitor (a hash, not the address), rate limited per address',
  },
  {
    route: / \/prod-api\/api\/shopifyauthShopify$/,
    why: 'a Shopify install starts from the Shopify admin, without our session; it is bound to a single-use state and finished by an HMAC-checked callback',
  },
  {
    route: / \/prod-api\/api\/shopifyOAuth\/(shopifyDo|setPassword)$/,
    why: 'finishing a Shopify install without a session (HMAC and single-use state), and setting a password with the claim token it gave',
  },
  {
    route: / \/prod-api\/api\/shopifyOAuth\/getUserInfoByEmail$/,
    why: 'the claim page asks whether to log in or to sign up: it answers only exists true/false, rate limited per address',
  },
  {
    route: / \/prod-api\/api\/shopifyOAuth\/redeemEpoloLogin$/,
    why: "called by the sister platform's server with EPOLO_SECRET as its bearer token, not by a merchant",
  },
  {
    route:
      / \/prod-api\/api\/etsy\/(auth|getEtsyInitData|connectEtsyNow|getEtsyCategoryByLevel|getEtsyCategoryByParent|getEtsyCategoryProperty)$/,
    why: "connecting Etsy before signing up (PKCE and a single-use state), and Etsy's public taxonomy",
  },
  {
    route: /^(GET|HEAD) \/prod-api\/api\/personalizer\/product$/,
    why: "a store's product page loads the buyer's personalisation widget: found only by the store's own names, only for products pushed there with personalised elements; the template, design and fields a buyer needs, nothing of the merchant's account; rate limited per address",
  },
  {
    route: /^(GET|HEAD) \/prod-api\/api\/personalizer\/required$/,
    why: "a store's product page asks whether Add to cart must wait for the buyer's personalisation: a yes or no about a product the store sells publicly, found only by the store's own names; no cookie, rate limited per address",
  },
  {
    route: /^POST \/prod-api\/api\/personalizer\/uploadImage$/,
    why: "a store's buyers upload the picture they personalise with, without an account of ours: checked by content and size, stored under random names in the buyer folder, rate limited per address",
  },
  {
    route: / \/prod-api\/woocommerce\/woocommerce\/(connectWCNow|callback|connectResult)$/,
    why: 'connecting WooCommerce before signing up: the store posts its keys server to server to the callback, bound to a single-use state',
  },
];

/** Routes that work with or without a session (security: [{session: []}, {}]). */
export const OPTIONAL_SESSION_ROUTES: Allowed[] = [
  { route: / \/prod-api\/api\/user\/logout$/, why: 'logging out must work with an expired session too; without one it does nothing' },
  {
    route: /^(GET|HEAD) \/prod-api\/api\/shopifyOAuth\/sendEpoloLogin$/,
    why: 'a top-level link to the sister platform: without a session it redirects to the login page',
  },
  {
    route: /^(GET|HEAD) \/prod-api\/api\/activities\/couponCampaign$/,
    why: "the campaign page is open to visitors; with a session it also says which coupons the merchant claimed and their share link's visitors",
  },
];

export const allowedBy = (list: Allowed[], key: string) => list.find((a) => a.route.test(key));
