import { Link } from 'wouter';
import { shellMessages as m } from '../../../contract/shell-messages.ts';
import { DEFAULT_TAGLINE, site } from '../../lib/config.ts';
import { useLocale } from '../../live/locale.tsx';
import { SocialLinks } from './social-links.tsx';

const quickLinks = [
  ['/', m.navHome],
  ['/products', m.navProducts],
  ['/pujas', m.navPujas],
  ['/about', m.aboutUs],
  ['/contact', m.navContact],
] as const;

const serviceLinks = [
  ['/disclaimer', m.disclaimer],
  ['/refundpolicy', m.refundPolicy],
  ['/termsconditions', m.terms],
  ['/privacypolicy', m.privacyPolicy],
  ['/pricingpolicy', m.pricingPolicy],
] as const;

export function Footer() {
  const { t } = useLocale();
  // The tagline is the shop's setting; its default has its translations.
  const tagline = site.tagline === DEFAULT_TAGLINE ? t(m.tagline) : site.tagline;
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="site-footer__brand">
            {site.brand}
          </h2>
          <p>{tagline}.</p>
          <SocialLinks />
        </section>
        <nav aria-labelledby="footer-quick">
          <h2 id="footer-quick">{t(m.quickLinks)}</h2>
          <ul>
            {quickLinks.map(([href, label]) => (
              <li key={href}>
                <Link href={href}>{t(label)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-service">
          <h2 id="footer-service">{t(m.customerService)}</h2>
          <ul>
            {serviceLinks.map(([href, label]) => (
              <li key={href}>
                <Link href={href}>{t(label)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">{t(m.contactUs)}</h2>
          <address>
            <p>{t(m.inIndia, { city: site.city })}</p>
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
              {t(m.getTheApp)}
              <span className="visually-hidden">{t(m.opensAppStore)}</span>
            </a>
          </p>
        </section>
      </div>
      <p className="site-footer__copyright">
        {t(m.copyright, { year: String(new Date().getFullYear()), brand: site.brand })}
      </p>
    </footer>
  );
}
