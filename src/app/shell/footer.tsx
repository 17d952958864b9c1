import { Link } from 'wouter';
import { site } from '../../lib/config.ts';
import { SocialLinks } from './social-links.tsx';

const quickLinks = [
  ['/', 'Home'],
  ['/products', 'Products'],
  ['/pujas', 'Pujas'],
  ['/about', 'About Us'],
  ['/contact', 'Contact'],
] as const;

const serviceLinks = [
  ['/disclaimer', 'Disclaimer'],
  ['/refundpolicy', 'Refund Policy'],
  ['/termsconditions', 'Terms & Conditions'],
  ['/privacypolicy', 'Privacy Policy'],
  ['/pricingpolicy', 'Pricing Policy'],
] as const;

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="site-footer__brand">
            {site.brand}
          </h2>
          <p>{site.tagline}.</p>
          <SocialLinks />
        </section>
        <nav aria-labelledby="footer-quick">
          <h2 id="footer-quick">Quick Links</h2>
          <ul>
            {quickLinks.map(([href, label]) => (
              <li key={href}>
                <Link href={href}>{label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-service">
          <h2 id="footer-service">Customer Service</h2>
          <ul>
            {serviceLinks.map(([href, label]) => (
              <li key={href}>
                <Link href={href}>{label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contact Us</h2>
          <address>
            <p>{site.city}, India</p>
            <p>
              <a href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a>
            </p>
            <p>
              <a href={`tel:${site.supportPhone.replace(/\s/g, '')}`}>{site.supportPhone}</a>
            </p>
          </address>
          {/* The app is promoted here and by the home banner's badge (docs/product-rules.md, Routes and pages). */}
          <p>
            <a href={site.appStoreUrl} target="_blank" rel="noopener noreferrer">
              Get the app<span className="visually-hidden"> (opens the app store in a new tab)</span>
            </a>
          </p>
        </section>
      </div>
      <p className="site-footer__copyright">
        © {new Date().getFullYear()} {site.brand}. All rights reserved.
      </p>
    </footer>
  );
}
