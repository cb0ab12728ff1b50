import { Button } from '../../ui/Button';

export const LOAD_FAILED = "We couldn't load your newsletters. Please try again.";

/** The call answered null (spec section 8): say so plainly and offer to try again. */
export function NewslettersLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="card">
      <div role="alert" className="alert alert--error">
        <p>{LOAD_FAILED}</p>
      </div>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
