import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import { confirmEmailChange } from '../../api/identity';
import { identityKeys } from '../../api/queries';
import { ErrorAlert, StatusMessage } from '../../ui/Alert';
import { PageHeading } from '../../ui/PageHeading';
import { TextField } from '../../ui/TextField';
import { FormError, SubmitButton } from '../FormParts';
import { messages } from '../messages';
import type { Account } from '../../api/types';
import { useDataLayer } from '../state/identityData';
import { useAccountForm } from '../useAccountForm';
import { checkConfirmPassword } from '../validation';

const FIELDS = ['password'] as const;

/** The page the email-change link opens: the reader confirms with their password. */
export default function VerifyEmailChangeScreen() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const { loggedIn } = useDataLayer();
  const queryClient = useQueryClient();
  const [linkDead, setLinkDead] = useState(false);
  const [newEmail, setNewEmail] = useState<string | null>(null);
  const form = useAccountForm({
    fields: FIELDS,
    check: checkConfirmPassword,
    submit: async ({ password }) => {
      setLinkDead(false);
      const result = await confirmEmailChange(token, password);
      setNewEmail(result.identifiers.email_address);
      queryClient.setQueryData<Account>(identityKeys.account, (account) => account && { ...account, identifiers: result.identifiers });
      await queryClient.invalidateQueries({ queryKey: identityKeys.account });
    },
    failure: (error) => {
      setLinkDead(isDeadLink(error));
      return emailChangeErrorMessage(error);
    },
  });

  const continueTo = loggedIn ? '/account/settings' : '/account/login';
  return (
    <div className="page">
      <PageHeading title="Confirm your new email address">Confirm your new email address</PageHeading>
      <div className="card">
        {!token ? (
          <ErrorAlert>{messages.emailChangeExpired}</ErrorAlert>
        ) : newEmail ? (
          <>
            <StatusMessage>
              <p>
                Your email address is now <strong>{newEmail}</strong>.
              </p>
            </StatusMessage>
            <p>
              <Link className="button button--primary" to={continueTo}>
                {loggedIn ? 'Back to account settings' : 'Log in'}
              </Link>
            </p>
          </>
        ) : (
          <>
            <p>Enter your password to finish changing the email address of your account.</p>
            <FormError form={form} />
            <form noValidate onSubmit={form.onSubmit}>
              <TextField label="Password" type="password" autoComplete="current-password" {...form.field('password')} />
              <SubmitButton form={form} block>
                Confirm email change
              </SubmitButton>
            </form>
            {linkDead && (
              <p className="form-footer">
                Links work once and expire. <Link to={NEW_LINK_PATH}>Ask for a new link</Link>.
              </p>
            )}
          </>
        )}
      </div>
    </div>
  );
}

/** Where a reader asks for a new email-change link. */
const NEW_LINK_PATH = '/account/settings/update-email';

/**
 * The spec's four messages for the email-change link, and the server's own words when it
 * burnt the link after wrong passwords or asks the reader to wait (rate limit): the spec's
 * "expired" or "unknown error" would hide what to do next.
 */
export function emailChangeErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 401) return messages.emailChangeWrongPassword;
    if (error.status === 410 && error.type === 'too-many-wrong-passwords') return error.message;
    if (error.status === 410 || error.status === 404) return messages.emailChangeExpired;
    if (error.status === 409) return messages.emailChangeTaken;
    if (error.status === 429) return error.message;
  }
  return messages.emailChangeUnknown;
}

/** The link no longer works (used, expired, unknown or burnt): only a new one helps. */
function isDeadLink(error: unknown): boolean {
  return isApiError(error) && (error.status === 410 || error.status === 404);
}
