import { Link, useLocation } from 'wouter';
import { legalCrossLinks, legalDocuments, POLICY_DATE } from './legal-content.ts';
import { NotFoundPage } from './not-found-page.tsx';
import './pages.css';

export function LegalPage() {
  const [location] = useLocation();
  const doc = legalDocuments[location];
  if (!doc) return <NotFoundPage />;
  return (
    <article className="container page static-page">
      <h1>{doc.title}</h1>
      <p className="updated">Last updated: {POLICY_DATE}</p>
      {doc.sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.paragraphs.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </section>
      ))}
      <nav aria-label="Other policies">
        <ul className="legal-links">
          {legalCrossLinks.map(([href, label]) => (
            <li key={href}>
              <Link href={href}>{label}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </article>
  );
}
