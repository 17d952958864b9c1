import { useState, type FormEvent } from 'react';
import { useSearch } from 'wouter';
import { site } from '../../lib/config.ts';
import './pages.css';

const emptyDraft = { name: '', email: '', message: '' };
export const CONTACT_THANKS = 'Thank you for your message! We will get back to you soon.';

/** The contact form sends no request (docs/product-rules.md, Routes and pages): it thanks the visitor and clears itself. */
export function ContactPage() {
  // "Report a concern" on a puja's page names the puja (?subject=): the message starts with it.
  const subject = new URLSearchParams(useSearch()).get('subject')?.slice(0, 200);
  const [draft, setDraft] = useState(() => ({ ...emptyDraft, message: subject ? `${subject}: ` : '' }));
  const update = (field: keyof typeof emptyDraft) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [field]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    window.alert(CONTACT_THANKS);
    setDraft(emptyDraft);
  };

  return (
    <>
      <section className="hero">
        <div className="container">
          <h1>Contact Us</h1>
          <p>Questions about a puja, an order or the app? We reply within one working day.</p>
        </div>
      </section>
      <div className="container page contact-layout">
        <section className="contact-details" aria-labelledby="contact-reach">
          <h2 id="contact-reach">Reach us</h2>
          <p>{site.city}, India</p>
          <p>
            E-mail: <a href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a>
          </p>
          <p>
            Phone: <a href={`tel:${site.supportPhone.replace(/\s/g, '')}`}>{site.supportPhone}</a>
          </p>
          <p>Monday to Saturday, 9:00 am to 7:00 pm IST</p>
        </section>
        <form className="contact-form" onSubmit={submit} aria-labelledby="contact-form-title">
          <h2 id="contact-form-title">Send us a message</h2>
          <div className="field">
            <label htmlFor="contact-name">Name</label>
            <input
              id="contact-name"
              className="input"
              required
              autoComplete="name"
              value={draft.name}
              onChange={update('name')}
            />
          </div>
          <div className="field">
            <label htmlFor="contact-email">Email</label>
            <input
              id="contact-email"
              className="input"
              type="email"
              required
              autoComplete="email"
              value={draft.email}
              onChange={update('email')}
            />
          </div>
          <div className="field">
            <label htmlFor="contact-message">Message</label>
            <textarea
              id="contact-message"
              className="textarea"
              required
              value={draft.message}
              onChange={update('message')}
            />
          </div>
          <button type="submit" className="button button--primary">
            Send Message
          </button>
        </form>
      </div>
    </>
  );
}
