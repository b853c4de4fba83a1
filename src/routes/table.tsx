/**
 * Every route of the product with its title (route handle) and whether it needs login.
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteObject } from 'react-router-dom';
import { useParams } from 'react-router-dom';
import { HomePage } from '../pages/Home';
import { NotFoundPage, ErrorPage } from '../pages/NotFound';
import { RequireLogin } from './guard';
import { PageLoading } from './loading';
import { BlogLayout, DashboardLayout, DefaultLayout, FullLayout, MobileBareLayout, MobileLayout } from '../layouts/Layouts';

/**
 * A page loaded when its route is first shown: the home page (the landing page) and the 404 page
 * are in the entry chunk, every other page is its own chunk, so the first load of / does not
 * download the catalogue, the designer, commerce, account or policy pages. Pages sharing a module
 * share its chunk.
 */
function lazyNamed<P extends object, K extends string>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => ({ default: (await load())[name] }));
}

const authPages = () => import('../pages/AuthPages');
const LoginPage = lazyNamed(authPages, 'LoginPage');
const RegisterPage = lazyNamed(authPages, 'RegisterPage');
const ResetPasswordPage = lazyNamed(authPages, 'ResetPasswordPage');
const ResetSendCodePage = lazyNamed(authPages, 'ResetSendCodePage');
const storeAuthPages = () => import('../pages/shop-auth/StoreAuthPages');
const EproloAuthPage = lazyNamed(storeAuthPages, 'EproloAuthPage');
const EtsyAuthPage = lazyNamed(storeAuthPages, 'EtsyAuthPage');
const ShopifyAuthPage = lazyNamed(storeAuthPages, 'ShopifyAuthPage');
const StoreLoginPage = lazyNamed(storeAuthPages, 'StoreLoginPage');
const StoreSetPasswordPage = lazyNamed(storeAuthPages, 'StoreSetPasswordPage');
const WooCommerceAuthPage = lazyNamed(storeAuthPages, 'WooCommerceAuthPage');
const AccountPage = lazyNamed(() => import('../pages/account/AccountPage'), 'AccountPage');
const NotificationPage = lazyNamed(() => import('../pages/notification/NotificationPage'), 'NotificationPage');
const DashboardPage = lazyNamed(() => import('../pages/Dashboard'), 'DashboardPage');
const PrivacyPolicy = lazyNamed(() => import('../pages/policy/PrivacyPolicy'), 'PrivacyPolicy');
const RefundPolicy = lazyNamed(() => import('../pages/policy/RefundPolicy'), 'RefundPolicy');
const ShippingPolicy = lazyNamed(() => import('../pages/policy/ShippingPolicy'), 'ShippingPolicy');
const TermsConditions = lazyNamed(() => import('../pages/policy/TermsConditions'), 'TermsConditions');
const ContactUs = lazyNamed(() => import('../pages/contact/ContactUs'), 'ContactUs');
const CatalogPage = lazyNamed(() => import('../pages/catalog/CatalogPage'), 'CatalogPage');
const ProductPage = lazyNamed(() => import('../pages/catalog/ProductPage'), 'ProductPage');
const ProductListPage = lazyNamed(() => import('../pages/products/ProductListPage'), 'ProductListPage');
const ProductDetailsPage = lazyNamed(() => import('../pages/products/ProductDetailsPage'), 'ProductDetailsPage');
const CouponsPage = lazyNamed(() => import('../pages/commerce/CouponsPage'), 'CouponsPage');
const BalancePage = lazyNamed(() => import('../pages/commerce/BalancePage'), 'BalancePage');
const OrdersPage = lazyNamed(() => import('../pages/commerce/OrdersPage'), 'OrdersPage');
const PayPage = lazyNamed(() => import('../pages/commerce/PayPage'), 'PayPage');
const ShareCouponPage = lazyNamed(() => import('../pages/commerce/ShareCouponPage'), 'ShareCouponPage');
const ShoppingCartPage = lazyNamed(() => import('../pages/commerce/ShoppingCart'), 'ShoppingCartPage');
const BulkDesignPage = lazyNamed(() => import('../bulk/pages/BulkDesignPage'), 'BulkDesignPage');
const BulkPricePage = lazyNamed(() => import('../bulk/pages/BulkPricePage'), 'BulkPricePage');
const OpsServicePage = lazyNamed(() => import('../pages/ops/OpsServicePage'), 'OpsServicePage');
const blogPages = () => import('../pages/blog/BlogPages');
const BlogListPage = lazyNamed(blogPages, 'BlogListPage');
const BlogArticlePage = lazyNamed(blogPages, 'BlogArticlePage');
const ActivityPage = lazyNamed(() => import('../pages/activities/ActivityPage'), 'ActivityPage');
const BrandingPage = lazyNamed(() => import('../pages/branding/BrandingPage'), 'BrandingPage');

// Each page renders under its own Suspense boundary: while a lazy page's chunk loads, its layout
// (header, menus) stays and the page's place says so to screen readers too.
const page = (path: string, title: string, element: React.ReactNode): RouteObject => ({
  path,
  handle: { title },
  element: <Suspense fallback={<PageLoading />}>{element}</Suspense>,
});

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
      page('/branding-project', 'Branding Project', <BrandingPage />),
      page('/share-coupon/:id?', 'Share coupon', <ShareCouponPage />),
      page(
        '/activities/get-coupons-and-customize-personalized-products',
        'Get coupons and customize personalized products',
        <ActivityPage />,
      ),
      page('/notice/:slug', 'Upgrade notice', <UpgradeNotice />),
    ],
  },
  {
    element: <BlogLayout />,
    children: [
      page('/blog', 'Blog', <BlogListPage />),
      page('/blog/category/:category', 'Blog', <BlogListPage />),
      page('/blog/tag/:tag', 'Blog', <BlogListPage />),
      page('/blog/:slug', 'Blog', <BlogArticlePage />),
    ],
  },
  {
    element: (
      <RequireLogin>
        <DashboardLayout />
      </RequireLogin>
    ),
    children: [
      page('/dashboard', 'Dashboard', <DashboardPage />),
      page('/coupons', 'Coupons', <CouponsPage />),
      page('/balance', 'Balance', <BalancePage />),
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
          page('branding-project', 'Branding Project', <BrandingPage />),
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
  // The operator's page: open (the operator has no merchant login), every call needs the token typed into it.
  page('/ops/service', 'Service chat (operator)', <OpsServicePage />),
  page('/404', 'This page could not be found', <NotFoundPage />),
  { path: '/error', handle: { title: 'Error' }, element: <ErrorPage /> },
  page('*', 'This page could not be found', <NotFoundPage />),
];
