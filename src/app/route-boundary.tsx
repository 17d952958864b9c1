import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { ErrorBanner, Spinner } from '../ui/status.tsx';

interface State {
  error: Error | undefined;
}

/** Catches a crash inside one route so the shell and the other routes keep working. */
class RouteErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, State> {
  override state: State = { error: undefined };

  // An error on one page is forgotten when the visitor navigates elsewhere.
  override componentDidUpdate(previous: { resetKey: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: undefined });
  }

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Route crashed', error, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      const failedChunk = /dynamically imported module|Importing a module script failed/i.test(
        this.state.error.message,
      );
      return (
        <div className="page container">
          <ErrorBanner
            message={
              failedChunk
                ? 'This page could not be loaded. Check your connection.'
                : 'Something went wrong on this page.'
            }
            onRetry={() => (failedChunk ? window.location.reload() : this.setState({ error: undefined }))}
          />
        </div>
      );
    }
    return this.props.children;
  }
}

export function RouteBoundary({ children, resetKey }: { children: ReactNode; resetKey: string }) {
  return (
    <RouteErrorBoundary resetKey={resetKey}>
      <Suspense
        fallback={
          <div className="page container">
            <Spinner />
          </div>
        }
      >
        {children}
      </Suspense>
    </RouteErrorBoundary>
  );
}
