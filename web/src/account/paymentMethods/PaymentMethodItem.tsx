import type { PaymentMethod } from '../../api/billing';
import { Button } from '../../ui/Button';
import { canVerifyCvv, expiryMark, expiryText, methodMarks, methodName } from './describe';

interface PaymentMethodItemProps {
  method: PaymentMethod;
  /** Its "Make default" request is under way. */
  busyDefault: boolean;
  onMakeDefault: (method: PaymentMethod) => void;
  onVerifyCvv: (method: PaymentMethod) => void;
  onDelete: (method: PaymentMethod) => void;
}

export function methodHeadingId(token: string): string {
  return `payment-method-${token}`;
}

/** One saved method: its logo, name, expiry, marks and what the reader can do with it. */
export function PaymentMethodItem({ method, busyDefault, onMakeDefault, onVerifyCvv, onDelete }: PaymentMethodItemProps) {
  const name = methodName(method);
  const expiry = expiryText(method);
  const mark = expiryMark(method);
  const headingId = methodHeadingId(method.token);
  const marks = methodMarks(method);
  return (
    <li className={['payment-method', mark ? `payment-method--${mark}` : ''].filter(Boolean).join(' ')} aria-labelledby={headingId}>
      {/* The name says the card type; the logo only repeats it. */}
      <img className="payment-method__logo" src={method.image} alt="" width={48} height={30} />
      <div className="payment-method__body">
        <h3 id={headingId} className="payment-method__name" tabIndex={-1}>
          {name}
        </h3>
        {expiry && <p className="payment-method__expiry">{expiry}</p>}
        {marks.length > 0 && (
          <ul className="payment-method__marks">
            {marks.map(([text, kind]) => (
              <li key={text} className={`mark mark--${kind}`}>
                {text}
              </li>
            ))}
          </ul>
        )}
      </div>
      {/* Each action's name starts with its visible words and says which method it acts on. */}
      <div className="payment-method__actions">
        {!method.default && (
          <Button variant="secondary" className="button--small" busy={busyDefault} aria-label={`Make default: ${name}`} onClick={() => onMakeDefault(method)}>
            Make default
          </Button>
        )}
        {canVerifyCvv(method) && (
          <Button variant="secondary" className="button--small" aria-label={`Verify CVV: ${name}`} onClick={() => onVerifyCvv(method)}>
            Verify CVV
          </Button>
        )}
        <Button variant="link" className="payment-method__delete" aria-label={`Delete: ${name}`} onClick={() => onDelete(method)}>
          Delete
        </Button>
      </div>
    </li>
  );
}
