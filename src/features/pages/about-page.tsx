import { Link } from 'wouter';
import { site } from '../../lib/config.ts';
import './pages.css';

export function AboutPage() {
  return (
    <>
      <section className="hero">
        <div className="container">
          <h1>About {site.brand}</h1>
          <p>{site.tagline}</p>
        </div>
      </section>
      <div className="container page static-page">
        <p>
          {site.brand} began in {site.city} with a simple wish: that a devotee far from home should still be
          able to offer a puja at the temple they grew up with. Today we work with priests at temples across
          Tamil Nadu, Karnataka, Kerala and Andhra Pradesh, who perform each ceremony in your name and gothra
          and send the prasad to your door.
        </p>
        <div className="about-values">
          <div>
            <h2>Authentic rituals</h2>
            <p>
              Every puja is performed by the temple&apos;s own priests, following the agama of that temple.
            </p>
          </div>
          <div>
            <h2>Genuine products</h2>
            <p>
              Rudraksha, yantras and gemstones are sourced from known suppliers and checked before dispatch.
            </p>
          </div>
          <div>
            <h2>Trusted astrologers</h2>
            <p>Our astrologers are experienced practitioners; consultations happen in our mobile app.</p>
          </div>
        </div>
        <p>
          Start by browsing our <Link href="/pujas">pujas</Link> or our{' '}
          <Link href="/products">spiritual products</Link>, or <Link href="/contact">write to us</Link> with
          any question.
        </p>
      </div>
    </>
  );
}
