import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from './button';

interface ErrorBoundaryProps {
  /** What to show instead of the children after they failed; `reset` tries them again. */
  fallback: (reset: () => void) => ReactNode;
  children: ReactNode;
  onError?: (error: unknown, info: ErrorInfo) => void;
  /** Called when `reset` runs, before the children render again. */
  onReset?: () => void;
}

interface ErrorBoundaryState {
  hasError: boolean;
}

/** Keeps one failing panel from blanking the whole page (STYLE.md 7). */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  state: ErrorBoundaryState = { hasError: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { hasError: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    this.props.onError?.(error, info);
  }

  reset = () => {
    this.props.onReset?.();
    this.setState({ hasError: false });
  };

  render() {
    return this.state.hasError ? this.props.fallback(this.reset) : this.props.children;
  }
}

/** The usual fallback for a panel of a page. */
export function PanelErrorFallback({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-5">
      <p className="font-semibold text-red-900">{title}</p>
      <p className="mt-1 text-sm text-red-800">This section could not be loaded.</p>
      <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
        Try Again
      </Button>
    </div>
  );
}

/**
 * One panel of a composed page (STYLE.md 7): should it fail, it shows the panel fallback
 * with its title and the rest of the page stays.
 */
export function PanelBoundary({ title, children }: { title: string; children: ReactNode }) {
  return (
    <ErrorBoundary fallback={(reset) => <PanelErrorFallback title={title} onRetry={reset} />}>
      {children}
    </ErrorBoundary>
  );
}
