import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const PASSWORD = 'Correct-Horse-1';

let counter = 0;

/** An address no other test (or earlier run) uses. */
export function uniqueEmail(label: string): string {
  counter += 1;
  const random = Math.random().toString(36).slice(2, 8);
  return `${label}-${Date.now().toString(36)}-${counter}-${random}@example.com`;
}

export interface Reader {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export function newReader(label: string, firstName = 'Ada', lastName = 'Lovelace'): Reader {
  return { email: uniqueEmail(label), password: PASSWORD, firstName, lastName };
}

/**
 * Registers through the API. With page.request the session cookie lands in the page's
 * browser context, so the reader is logged in there too.
 */
export async function registerByApi(request: APIRequestContext, reader: Reader): Promise<void> {
  const response = await request.post('/blaize/register', {
    data: {
      identifiers: { email_address: reader.email },
      validators: { password: reader.password },
      attributes: {
        'full-name': `${reader.firstName} ${reader.lastName}`,
        'first-name': reader.firstName,
        'last-name': reader.lastName,
      },
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Fills and sends the login form on the current page. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

interface MailboxMessage {
  id: number | string;
  to: string;
  subject: string;
  text: string;
  delivered_at: string;
}

/** Waits for the newest mail to an address whose text has a link to `path`, and returns that link. */
export async function linkFromMail(request: APIRequestContext, to: string, path: string): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"'<>]*${path.replace(/[/.?]/g, '\\$&')}[^\\s"'<>]*`);
  let link = '';
  await expect
    .poll(
      async () => {
        const response = await request.get('/dev/mailbox.json', { params: { to } });
        if (!response.ok()) return '';
        const messages = (await response.json()) as MailboxMessage[];
        for (const message of messages) {
          const match = pattern.exec(message.text);
          if (match) return (link = match[0]);
        }
        return '';
      },
      { message: `a mail to ${to} with a link to ${path}`, timeout: 15_000, intervals: [100, 250, 500] },
    )
    .not.toBe('');
  return link;
}

/** The site API nonce for the request context's session, as the account area fetches it. */
export async function siteNonceHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const response = await request.get('/wp-json/nyp-membership/v1/nonce');
  const { nonce } = (await response.json()) as { nonce: string };
  return { 'X-WP-Nonce': nonce };
}
