import { Component, type ReactNode } from 'react';
import { CrashView } from '../screens/Crash';

interface CrashBoundaryProps {
  children: ReactNode;
  /** A new value (the path, on navigation) clears a crash, so leaving the broken page recovers. */
  resetKey?: string;
}

interface CrashBoundaryState {
  crashed: boolean;
  error: unknown;
  resetKey: string | undefined;
}

/**
 * Shows the crash page (docs/product.md §2) for an error thrown while rendering below it, including a lazy
 * screen whose chunk failed to load. React logs the caught error itself (console.error).
 */
export class CrashBoundary extends Component<CrashBoundaryProps, CrashBoundaryState> {
  override state: CrashBoundaryState = { crashed: false, error: undefined, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<CrashBoundaryState> {
    return { crashed: true, error };
  }

  static getDerivedStateFromProps(
    props: CrashBoundaryProps,
    state: CrashBoundaryState,
  ): Partial<CrashBoundaryState> | null {
    if (props.resetKey === state.resetKey) return null;
    return { crashed: false, error: undefined, resetKey: props.resetKey };
  }

  override render() {
    return this.state.crashed ? <CrashView error={this.state.error} /> : this.props.children;
  }
}
