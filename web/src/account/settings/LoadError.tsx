import { Button } from '../../ui/Button';
import { messages } from '../messages';

export function LoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <div className="card">
      <div role="alert" className="alert alert--error">
        <p>{error.message || messages.unknownError}</p>
      </div>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
