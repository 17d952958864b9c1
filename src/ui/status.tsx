import type { ReactNode } from 'react';
import { Link } from 'wouter';

/** A loading indicator that screen readers announce. */
export function Spinner({ label = 'Loading...', reserve }: { label?: string; reserve?: string }) {
  return (
    <div
      className="spinner"
      role="status"
      aria-live="polite"
      style={reserve ? { minHeight: reserve } : undefined}
    >
      <span className="spinner__ring" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

/** The page while a kept sign-in is checked with the server (login, register, the customer-only routes). */
export function CheckingSession() {
  return (
    <div className="container page">
      <Spinner label="Checking your session..." />
    </div>
  );
}

/** The red error banner (docs/product-rules.md, Messages and errors), with an optional Retry. */
export function ErrorBanner({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className="error-banner" role="alert">
      <span>{message}</span>
      {onRetry && (
        <button type="button" className="button button--small" onClick={onRetry}>
          Retry
        </button>
      )}
    </div>
  );
}

/**
 * A page for something the catalogue does not have (an unknown puja or product): a heading, a
 * sentence and links onwards, instead of an error with a pointless Retry
 * (docs/product-rules.md, Messages and errors).
 */
/** The not-found pages' way back to the start. */
export const homeLink = { href: '/', label: 'Go to the home page' };

export function NotFound({
  title,
  text,
  links,
}: {
  title: string;
  text: string;
  links: readonly { href: string; label: string }[];
}) {
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <h1 id="not-found-title">{title}</h1>
      <p>{text}</p>
      <ul className="not-found__links">
        {links.map((link, i) => (
          <li key={link.href}>
            <Link href={link.href} className={i === 0 ? 'button button--primary' : 'button'}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export interface ResourceLike<T> {
  status: string;
  data: T | undefined;
  error: string | undefined;
  errorCode?: string | undefined;
  canRetry?: boolean;
  retry: () => void;
}

/** A failed resource: the not-found page when the server has no such thing, else the banner (Retry only when it can help). */
export function ResourceFailure({
  resource,
  notFound,
}: {
  resource: ResourceLike<unknown>;
  notFound?: ReactNode;
}) {
  if (notFound !== undefined && (resource.errorCode === 'not_found' || resource.errorCode === 'refused')) {
    return <>{notFound}</>;
  }
  return (
    <ErrorBanner
      message={resource.error ?? 'Something went wrong'}
      onRetry={resource.canRetry === false ? undefined : resource.retry}
    />
  );
}

/** Standard loading / error / content switch for one resource. */
export function ResourceView<T>({
  resource,
  children,
  loadingLabel,
  reserve,
  notFound,
}: {
  resource: ResourceLike<T>;
  children: (data: T) => ReactNode;
  loadingLabel?: string;
  /**
   * The height (CSS) the loading state keeps free for the content, so what follows does not
   * move when it arrives (no layout shift, docs/perf.md).
   */
  reserve?: string;
  /** Shown instead of the error when the server answers that the thing does not exist. */
  notFound?: ReactNode;
}) {
  if (resource.status === 'failed') {
    return <ResourceFailure resource={resource} notFound={notFound} />;
  }
  if (resource.status !== 'loaded' || resource.data === undefined)
    return <Spinner label={loadingLabel} reserve={reserve} />;
  return <>{children(resource.data)}</>;
}
