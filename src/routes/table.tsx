/**
 * Every route of the product with its title (route handle) and whether it needs login.
 * Pages not built yet show their layout, title and a "not available yet" state.
 */
import type { RouteObject } from 'react-router-dom';
import { useParams } from 'react-router-dom';
import { HomePage } from '../pages/Home';
import { LoginPage, RegisterPage, ResetPasswordPage, ResetSendCodePage } from '../pages/AuthPages';
import {
  EproloAuthPage,
  EtsyAuthPage,
  ShopifyAuthPage,
  StoreLoginPage,
  StoreSetPasswordPage,
  WooCommerceAuthPage,
} from '../pages/shop-auth/StoreAuthPages';
import { AccountPage } from '../pages/account/AccountPage';
import { NotificationPage } from '../pages/notification/NotificationPage';
import { NotFoundPage, ErrorPage } from '../pages/NotFound';
import { DashboardPage } from '../pages/Dashboard';
import { PrivacyPolicy } from '../pages/policy/PrivacyPolicy';
import { RefundPolicy } from '../pages/policy/RefundPolicy';
import { ShippingPolicy } from '../pages/policy/ShippingPolicy';
import { TermsConditions } from '../pages/policy/TermsConditions';
import { ContactUs } from '../pages/contact/ContactUs';
import { NotAvailable } from '../components/NotAvailable';
import { RequireLogin } from './guard';
import { CatalogPage } from '../pages/catalog/CatalogPage';
import { ProductPage } from '../pages/catalog/ProductPage';
import { ProductListPage } from '../pages/products/ProductListPage';
import { ProductDetailsPage } from '../pages/products/ProductDetailsPage';
import { CouponsPage } from '../pages/commerce/CouponsPage';
import { OrdersPage } from '../pages/commerce/OrdersPage';
import { PayPage } from '../pages/commerce/PayPage';
import { ShareCouponPage } from '../pages/commerce/ShareCouponPage';
import { ShoppingCartPage } from '../pages/commerce/ShoppingCart';
import { BulkDesignPage } from '../bulk/pages/BulkDesignPage';
import { BulkPricePage } from '../bulk/pages/BulkPricePage';
import { BlogLayout, DashboardLayout, DefaultLayout, FullLayout, MobileBareLayout, MobileLayout } from '../layouts/Layouts';

const soon = (path: string, title: string): RouteObject => ({ path, handle: { title }, element: <NotAvailable title={title} /> });
const page = (path: string, title: string, element: React.ReactNode): RouteObject => ({ path, handle: { title }, element });

function UpgradeNotice() {
  const { slug = '' } = useParams();
  const product = slug.replace(/^eprolo-pod-was-officially-upgraded-to-/, '').replace(/-/g, ' ');
  return (
    <article className="prose">
      <h1>We have been upgraded to {product || 'a new name'}</h1>
      <p>Your account, products, templates and orders moved with us: log in as usual to carry on.</p>
    </article>
  );
}

/** The catalogue, on the desktop site ('/') and under /mobile (''). */
const catalogRoutes = (prefix: '/' | ''): RouteObject[] => [
  page(`${prefix}all-products`, 'All Products', <CatalogPage />),
  page(`${prefix}all-products/details/:id`, 'Product Details', <ProductPage />),
  page(`${prefix}all-products/customized-gift-zone/:id?`, 'Customized Gift Zone', <CatalogPage zone="customized" />),
  page(`${prefix}all-products/personalized-gifts-zone/:id?`, 'Personalized Gifts Zone', <CatalogPage zone="personalized" />),
  page(`${prefix}all-products/:category`, 'All Products', <CatalogPage />),
  page(`${prefix}all-products/:category/:subcategory`, 'All Products', <CatalogPage />),
  page(`${prefix}all-products/:category/:subcategory/:id`, 'Product Details', <ProductPage />),
];

const policies: [string, string, React.ReactNode][] = [
  ['policy/privacy', 'Privacy Policy', <PrivacyPolicy />],
  ['policy/refund', 'Refund Policy', <RefundPolicy />],
  ['policy/shipping', 'Shipping Policy', <ShippingPolicy />],
  ['policy/term-condition', 'Terms & Conditions', <TermsConditions />],
];

/** Paths with a mobile variant under /mobile, where windows up to 768 px wide are sent; other paths are shared. */
export const MOBILE_PATHS = [
  /^\/$/,
  /^\/login$/,
  /^\/register$/,
  /^\/branding-project$/,
  /^\/contact-us$/,
  /^\/policy\//,
  /^\/reset-password\//,
  /^\/all-products/,
];

export const routeTable: RouteObject[] = [
  {
    element: <FullLayout />,
    children: [page('/', 'Print on demand products and design tool', <HomePage />), ...catalogRoutes('/')],
  },
  {
    element: <DefaultLayout />,
    children: [
      page('/login', 'Log in', <LoginPage />),
      page('/register', 'Register', <RegisterPage />),
      page('/reset-password/send-code', 'Reset password', <ResetSendCodePage />),
      page('/reset-password/reset', 'Reset password', <ResetPasswordPage />),
      page('/auth/set-password', 'Set password', <StoreSetPasswordPage />),
      page('/auth/eprolo', 'Dropshipping platform login', <EproloAuthPage />),
      page('/auth/etsy', 'Connect Etsy', <EtsyAuthPage />),
      page('/auth/shopify', 'Connect Shopify', <ShopifyAuthPage />),
      page('/auth/woocommerce', 'Connect WooCommerce', <WooCommerceAuthPage />),
      page('/auth/store-login', 'Store login', <StoreLoginPage />),
      page('/contact-us', 'Contact Us', <ContactUs />),
      ...policies.map(([p, t, el]) => page(`/${p}`, t, el)),
      soon('/branding-project', 'Branding Project'),
      page('/share-coupon/:id?', 'Share coupon', <ShareCouponPage />),
      soon('/activities/get-coupons-and-customize-personalized-products', 'Get coupons and customize personalized products'),
      page('/notice/:slug', 'Upgrade notice', <UpgradeNotice />),
    ],
  },
  { element: <BlogLayout />, children: [soon('/blog/*', 'Blog')] },
  {
    element: (
      <RequireLogin>
        <DashboardLayout />
      </RequireLogin>
    ),
    children: [
      page('/dashboard', 'Dashboard', <DashboardPage />),
      page('/coupons', 'Coupons', <CouponsPage />),
      page('/my-account', 'Account & Settings', <AccountPage />),
      page('/my-products', 'My Products', <ProductListPage kind="products" />),
      page('/my-products/details/:id', 'Product Details', <ProductDetailsPage kind="products" />),
      page('/my-templates', 'My Templates', <ProductListPage kind="templates" />),
      page('/my-templates/details/:id', 'Product Details', <ProductDetailsPage kind="templates" />),
      page('/notification', 'Notification', <NotificationPage />),
      page('/orders', 'Orders', <OrdersPage />),
      page('/shopping-cart', 'Shopping Cart', <ShoppingCartPage />),
      page('/shopping-cart/pay', 'Payment', <PayPage />),
      page('/bulk-design/bulk_design_bg', 'Bulk Design', <BulkDesignPage background />),
      page('/bulk-design/price', 'Bulk Design Price', <BulkPricePage />),
      page('/bulk-design/:id?', 'Bulk Design', <BulkDesignPage />),
    ],
  },
  {
    path: '/mobile',
    children: [
      {
        element: <MobileLayout />,
        children: [
          { index: true, handle: { title: 'Print on demand products and design tool' }, element: <HomePage /> },
          soon('branding-project', 'Branding Project'),
          page('contact-us', 'Contact Us', <ContactUs />),
          ...policies.map(([p, t, el]) => page(p, t, el)),
          ...catalogRoutes(''),
        ],
      },
      {
        element: <MobileBareLayout />,
        children: [
          page('login', 'Log in', <LoginPage />),
          page('register', 'Register', <RegisterPage />),
          page('reset-password/send-code', 'Reset password', <ResetSendCodePage />),
          page('reset-password/reset', 'Reset password', <ResetPasswordPage />),
        ],
      },
    ],
  },
  page('/404', 'This page could not be found', <NotFoundPage />),
  { path: '/error', handle: { title: 'Error' }, element: <ErrorPage /> },
  page('*', 'This page could not be found', <NotFoundPage />),
];
