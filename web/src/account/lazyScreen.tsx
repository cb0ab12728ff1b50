/**
 * Route screens load as separate chunks. A chunk that fails, or takes longer than the
 * spec's 120000 ms, shows "Loading chunk N failed." with a Retry button instead of a blank page.
 */
import { Component, lazy, Suspense, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { UNKNOWN_ERROR } from '../api/specTexts';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';

export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';

  constructor(readonly chunk: string) {
    super(`Loading chunk ${chunk} failed.`);
  }
}

export function loadWithTimeout<T>(load: () => Promise<T>, chunk: string, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(chunk)), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      () => {
        clearTimeout(timer);
        reject(new ChunkLoadError(chunk));
      },
    );
  });
}

type ScreenModule = { default: ComponentType };

export function lazyScreen(chunk: string, load: () => Promise<ScreenModule>): ComponentType {
  // React.lazy remembers a failed load, so a retry needs a fresh lazy component.
  const makeLazy = () => lazy(() => loadWithTimeout(load, chunk));
  let Lazy = makeLazy();

  function LazyScreen() {
    const [attempt, setAttempt] = useState(0);
    return (
      <ChunkErrorBoundary
        key={attempt}
        onRetry={() => {
          Lazy = makeLazy();
          setAttempt((value) => value + 1);
        }}
      >
        <Suspense fallback={<Spinner />}>
          <Lazy />
        </Suspense>
      </ChunkErrorBoundary>
    );
  }
  LazyScreen.displayName = `LazyScreen(${chunk})`;
  return LazyScreen;
}

interface BoundaryProps {
  onRetry: () => void;
  children: ReactNode;
}

class ChunkErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const message = error instanceof ChunkLoadError ? error.message : UNKNOWN_ERROR;
    return (
      <div className="page">
        <div role="alert" className="alert alert--error">
          <p>{message}</p>
        </div>
        <Button onClick={this.props.onRetry}>Retry</Button>
      </div>
    );
  }
}
