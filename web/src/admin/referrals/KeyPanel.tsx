import { useEffect, useRef, useState, type ReactNode } from 'react';
import { StatusMessage } from '../../ui/Alert';
import { Button } from '../../ui/Button';

/**
 * A tenant's new API key, shown this once (Masthead never shows it again): read only, with a
 * button that copies it. It takes the focus when it appears, so nobody misses it.
 */
export function KeyPanel({ apiKey, title, children }: { apiKey: string; title: string; children?: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<string | null>(null);
  useEffect(() => heading.current?.focus(), [apiKey]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(apiKey);
      setCopied('The key is copied.');
    } catch {
      // No clipboard (an insecure page, or refused): the key is selected for the keyboard.
      field.current?.select();
      setCopied('The key is selected: press Ctrl+C (⌘C on a Mac) to copy it.');
    }
  };

  return (
    <section className="card referrals-key" aria-labelledby="key-heading">
      <h2 id="key-heading" ref={heading} tabIndex={-1}>
        {title}
      </h2>
      <p>
        Copy it now: it is shown this once. The merchant&apos;s server sends it as the password of HTTP Basic auth, and signs its users&apos; JWTs
        with it. Keep it out of web pages.
      </p>
      <label className="field__label" htmlFor="new-api-key">
        API key
      </label>
      <div className="referrals-key__row">
        <input
          ref={field}
          id="new-api-key"
          className="field__input referrals-key__value"
          readOnly
          value={apiKey}
          spellCheck={false}
          autoComplete="off"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="secondary" onClick={() => void copy()}>
          Copy the key
        </Button>
      </div>
      <StatusMessage>{copied && <p>{copied}</p>}</StatusMessage>
      {children}
    </section>
  );
}
