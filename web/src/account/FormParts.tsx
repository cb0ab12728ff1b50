/** The pieces every account form shows around its fields (useAccountForm). */
import type { ReactNode } from 'react';
import { ErrorAlert } from '../ui/Alert';
import { Button } from '../ui/Button';
import type { AccountForm } from './useAccountForm';

/** The one message above the form; invalid fields point to it. */
export function FormError({ form }: { form: AccountForm }) {
  return <ErrorAlert id={form.errorId}>{form.message}</ErrorAlert>;
}

/** The form's submit button, busy while the form is sent. */
export function SubmitButton({ form, block = false, children }: { form: AccountForm; block?: boolean; children: ReactNode }) {
  return (
    <Button type="submit" className={block ? 'button--block' : undefined} busy={form.submitting}>
      {children}
    </Button>
  );
}
