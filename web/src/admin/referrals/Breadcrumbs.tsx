import type { ReactNode } from 'react';

/** Where a screen sits: the referral programmes, then the tenant it belongs to. */
export function Breadcrumbs({ children }: { children: ReactNode }) {
  return (
    <nav aria-label="Breadcrumb" className="referrals-crumbs">
      <ol>{children}</ol>
    </nav>
  );
}
