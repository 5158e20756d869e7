import { Component, type ErrorInfo, type ReactNode } from 'react';
import { appErrors } from './errors';

interface State {
  failed: boolean;
}

/**
 * Catches what react-admin's own page-level boundary cannot: a failure while mounting the app itself.
 * It records the error on the app error state (logged to the console); the root then shows the error
 * view (docs/spa.md#boot).
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    appErrors.record(error, 'mount');
    console.error(info.componentStack);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
