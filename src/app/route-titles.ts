/**
 * Each route's title (docs/product-rules.md, Routes and pages). A detail page replaces its
 * route's title with the puja's or product's name once that has loaded.
 */
const exact: Record<string, string> = {
  '/': 'Home',
  '/pujas': 'Pujas',
  '/products': 'Products',
  '/productCategory': 'Categories',
  '/cart': 'Cart',
  '/checkout': 'Checkout',
  '/about': 'About Us',
  '/contact': 'Contact Us',
  '/termsconditions': 'Terms & Conditions',
  '/terms-and-conditions': 'Terms & Conditions',
  '/terms': 'Terms & Conditions',
  '/privacypolicy': 'Privacy Policy',
  '/privacy-policy': 'Privacy Policy',
  '/privacy': 'Privacy Policy',
  '/pricingpolicy': 'Pricing Policy',
  '/refundpolicy': 'Refund Policy',
  '/refund-policy': 'Refund Policy',
  '/disclaimer': 'Disclaimer',
  '/login': 'Login',
  '/register': 'Register',
  '/forgot-password': 'Forgot Password',
  '/reset-password': 'Reset Password',
  '/account': 'My Profile',
  '/account/orders': 'My Orders',
  '/account/bookings': 'My Bookings',
  '/account/addresses': 'My Addresses',
  '/account/family': 'My Family',
  '/account/messages': 'My Messages',
  '/messages/preferences': 'Your Messages',
  '/staff-invitation': 'Join the Staff',
};

const prefixes: ReadonlyArray<readonly [string, string]> = [
  ['/pujas/', 'Puja Details'],
  ['/puja-booking/', 'Book a Puja'],
  ['/products/', 'Products'],
  ['/productDetails/', 'Product Details'],
  ['/order-confirmation/', 'Order Confirmation'],
  ['/account/orders/', 'Order Details'],
  ['/account/bookings/', 'Booking Details'],
  ['/admin/orders', 'Orders · Back Office'],
  ['/admin/bookings', 'Bookings · Back Office'],
  ['/admin/sankalp', 'Sankalp Sheet · Back Office'],
  ['/admin/pujas', 'Pujas · Back Office'],
  ['/admin/products', 'Products · Back Office'],
  ['/admin/categories', 'Categories · Back Office'],
  ['/admin/astrologers', 'Astrologers · Back Office'],
  ['/admin/coupons', 'Coupons · Back Office'],
  ['/admin/audit', 'Audit Log · Back Office'],
  ['/admin/staff', 'Staff · Back Office'],
  ['/admin/messages/templates', 'Message Templates · Back Office'],
  ['/admin/messages', 'Messages · Back Office'],
  ['/admin', 'Today · Back Office'],
];

/** The title for a route's path (without its query); unknown paths are "Page Not Found". */
export function routeTitle(path: string): string {
  const bare = path.split('?')[0] ?? path;
  return exact[bare] ?? prefixes.find(([prefix]) => bare.startsWith(prefix))?.[1] ?? 'Page Not Found';
}
