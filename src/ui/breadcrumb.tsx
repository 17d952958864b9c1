import { Link } from 'wouter';

/** Home > section > current page. `current` is left out while the page is still loading. */
export function Breadcrumb({
  section,
  current,
}: {
  section: { href: string; label: string };
  current?: string;
}) {
  return (
    <nav className="breadcrumb" aria-label="Breadcrumb">
      <ol>
        <li>
          <Link href="/">Home</Link>
        </li>
        <li>
          <Link href={section.href}>{section.label}</Link>
        </li>
        {current !== undefined && <li aria-current="page">{current}</li>}
      </ol>
    </nav>
  );
}
