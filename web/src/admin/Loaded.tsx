import type { ReactNode } from 'react';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';

interface QueryLike<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/** What a query shows while it loads, when it fails (with a way to try again), and its data. */
export function Loaded<T>({ query, what, children }: { query: QueryLike<T>; what: string; children: (data: T) => ReactNode }) {
  if (query.isPending) return <Spinner label={`Loading the ${what}…`} />;
  if (query.isError || query.data === undefined) {
    return (
      <>
        <div role="alert" className="alert alert--error">
          <p>{query.error?.message ?? `The ${what} could not be loaded.`}</p>
        </div>
        <Button onClick={() => void query.refetch()}>Try again</Button>
      </>
    );
  }
  return <>{children(query.data)}</>;
}
