import type { ReactNode } from 'react';

/** A loading indicator that screen readers announce. */
export function Spinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="spinner" role="status" aria-live="polite">
      <span className="spinner__ring" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
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

/** Standard loading / error / content switch for one resource. */
export function ResourceView<T>({
  resource,
  children,
  loadingLabel,
}: {
  resource: { status: string; data: T | undefined; error: string | undefined; retry: () => void };
  children: (data: T) => ReactNode;
  loadingLabel?: string;
}) {
  if (resource.status === 'failed') {
    return <ErrorBanner message={resource.error ?? 'Something went wrong'} onRetry={resource.retry} />;
  }
  if (resource.status !== 'loaded' || resource.data === undefined) return <Spinner label={loadingLabel} />;
  return <>{children(resource.data)}</>;
}
