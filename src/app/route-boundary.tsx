import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { ErrorBanner, Spinner } from '../ui/status.tsx';

interface Props {
  children: ReactNode;
  /** The route: an error on one page is forgotten when the visitor navigates elsewhere. */
  resetKey: string;
  /** Runs before the route renders again (Retry or navigation), e.g. to forget failed downloads. */
  onReset?: () => void;
}

interface State {
  error: Error | undefined;
  /** The route the state belongs to: a crash is shown only on the route where it happened. */
  resetKey: string;
}

/** A page's code could not be downloaded (Chromium, Firefox, Safari wording; Vite's CSS preload). */
const FAILED_CHUNK = /dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export const routeErrorMessages = {
  crashed: 'Something went wrong on this page.',
  chunkFailed: 'This page could not be loaded. Check your connection.',
} as const;

/**
 * Catches a crash inside one route so the shell (header, cart, session, footer) and the other
 * routes keep working. Retry renders the route again in place, without reloading the app, so the
 * root actors (session, cart) and everything in memory are kept.
 */
class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined, resetKey: this.props.resetKey };

  /**
   * Navigation forgets the crash before the new route renders. Doing it here rather than after
   * the commit means a route that throws at once is rendered (and caught) once, not twice: the
   * banner on screen is the one whose Retry works.
   */
  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey === state.resetKey) return null;
    if (state.error) props.onReset?.();
    return { error: undefined, resetKey: props.resetKey };
  }

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Route crashed', error, info.componentStack);
  }

  private reset() {
    this.props.onReset?.();
    this.setState({ error: undefined });
  }

  override render() {
    if (this.state.error) {
      const failedChunk = FAILED_CHUNK.test(this.state.error.message);
      return (
        <div className="page container">
          <ErrorBanner
            message={failedChunk ? routeErrorMessages.chunkFailed : routeErrorMessages.crashed}
            onRetry={() => this.reset()}
          />
        </div>
      );
    }
    return this.props.children;
  }
}

export function RouteBoundary({ children, resetKey, onReset }: Props) {
  return (
    <RouteErrorBoundary resetKey={resetKey} onReset={onReset}>
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
