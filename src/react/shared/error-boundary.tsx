/** The one error boundary of the kit: a crash while drawing a form shows `fallback`, never breaks the host. */
import { Component, type ReactNode } from 'react';

/** The props of `ErrorBoundary`. */
export interface ErrorBoundaryProps {
  children: ReactNode;
  /** What to show instead, given the error's message. */
  fallback: (message: string) => ReactNode;
}

/** Catches a crash below it and shows `fallback(message)` instead. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { error: string | undefined }> {
  override state: { error: string | undefined } = { error: undefined };

  static getDerivedStateFromError(error: unknown): { error: string } {
    return { error: error instanceof Error ? error.message : String(error) };
  }

  override render(): ReactNode {
    return this.state.error === undefined ? this.props.children : this.props.fallback(this.state.error);
  }
}
