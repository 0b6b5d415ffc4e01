import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';

interface Props {
  /** What to show instead of the children once they failed; `retry` renders them again. */
  fallback: (retry: () => void) => ReactNode;
  /** Called before rendering the children again (e.g. to let failed chunks load afresh). */
  onRetry?: () => void;
  children: ReactNode;
}

/** Keeps a failure inside one part of the page instead of blanking the whole site. */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.warn('A part of the page failed to render', error, info.componentStack);
  }

  private readonly retry = () => {
    this.props.onRetry?.();
    this.setState({ failed: false });
  };

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}
