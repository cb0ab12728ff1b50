import { expect, test, type APIRequestContext } from '@playwright/test';
import { seriousViolations } from './axe';
import { linkFromMail, newReader, registerByApi } from './helpers';
import { expectFits, PHONE_WIDTHS } from './reflow';

/**
 * Newsletter mail (issue 17): the welcome of a list joined carries List-Unsubscribe with the
 * one-click POST (RFC 8058), and a signed "Manage your newsletters" link that opens the
 * newsletters-update screen without signing in.
 */

const SAVED = 'Your newsletters are saved.';

interface MailboxMessage {
  id: number;
  subject: string;
  text: string;
  headers: Record<string, string>;
}

/** Waits for the dev mailbox's mail to `to` with this subject. */
async function mailWithSubject(request: APIRequestContext, to: string, subject: string): Promise<MailboxMessage> {
  let found: MailboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get('/dev/mailbox.json', { params: { to } });
        const messages = (await response.json()) as MailboxMessage[];
        found = messages.find((message) => message.subject === subject);
        return found !== undefined;
      },
      { message: `a mail to ${to}: ${subject}`, timeout: 15_000, intervals: [100, 250, 500] },
    )
    .toBe(true);
  return found!;
}

test('the welcome mail’s Unsubscribe in the dev mailbox leaves that one list', async ({ page }) => {
  const reader = newReader('nl-one-click');
  await registerByApi(page.request, reader);
  await page.goto('/account/settings/newsletters');
  await page.getByRole('checkbox', { name: 'Morning Report' }).check();
  await page.getByRole('checkbox', { name: 'Celebrity Buzz' }).check();
  await page.getByRole('button', { name: 'Save newsletters' }).click();
  await expect(page.getByText(SAVED)).toBeVisible();

  const mail = await mailWithSubject(page.request, reader.email, "You're on Morning Report");
  expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  expect(mail.headers['List-Unsubscribe']).toMatch(/^<https?:\/\/[^>]+\/newsletters\/unsubscribe\/u1\.[^>]+>$/);

  await page.goto(`/dev/mailbox/${mail.id}`);
  await expect(page.getByText('List-Unsubscribe-Post', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  await expect(page.getByText('You have left Morning Report.')).toBeVisible();

  await page.goto('/account/settings/newsletters');
  await expect(page.getByRole('checkbox', { name: 'Morning Report' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Celebrity Buzz' })).toBeChecked();
});

test('opening the unsubscribe link changes nothing until the reader confirms', async ({ page }) => {
  const reader = newReader('nl-confirm');
  await registerByApi(page.request, reader);
  await page.goto('/account/settings/newsletters');
  await page.getByRole('checkbox', { name: 'Sports Daily' }).check();
  await page.getByRole('button', { name: 'Save newsletters' }).click();
  await expect(page.getByText(SAVED)).toBeVisible();
  const mail = await mailWithSubject(page.request, reader.email, "You're on Sports Daily");
  const url = /<([^>]+)>/.exec(mail.headers['List-Unsubscribe']!)![1]!;

  // Opened in the signed-in browser: its confirmation is a same-site POST carrying the session
  // cookie, which the origin check lets through (the page sends its real Origin).
  const linkPage = await page.context().newPage();
  await linkPage.goto(url);
  await expect(linkPage.getByRole('heading', { name: 'Unsubscribe from Sports Daily' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Sports Daily' })).toBeChecked();
  expect(await seriousViolations(linkPage)).toEqual([]);
  await expectFits(linkPage, 'unsubscribe confirmation', PHONE_WIDTHS);
  await linkPage.getByRole('button', { name: 'Unsubscribe' }).focus();
  await linkPage.keyboard.press('Enter');
  await expect(linkPage.getByText('You have left Sports Daily.')).toBeVisible();
  await linkPage.close();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Sports Daily' })).not.toBeChecked();
});

test('the preferences link opens the update screen signed out and changes a list', async ({ page, browser }) => {
  const reader = newReader('nl-preferences');
  await registerByApi(page.request, reader);
  await page.goto('/account/settings/newsletters');
  await page.getByRole('checkbox', { name: 'Getaways' }).check();
  await page.getByRole('button', { name: 'Save newsletters' }).click();
  await expect(page.getByText(SAVED)).toBeVisible();
  const link = await linkFromMail(page.request, reader.email, '/account/settings/newsletters-update');

  const stranger = await browser.newContext();
  const linkPage = await stranger.newPage();
  await linkPage.goto(link);
  await expect(linkPage.getByRole('heading', { name: 'Newsletter preferences', level: 1 })).toBeVisible();
  const masked = `${reader.email[0]}•••@example.com`;
  await expect(linkPage.getByText(masked)).toBeVisible();
  await expect(linkPage.getByText(reader.email)).toHaveCount(0);
  await expect(linkPage.getByRole('checkbox', { name: 'Getaways' })).toBeChecked();
  expect(await seriousViolations(linkPage)).toEqual([]);

  // Keyboard only: Space ticks the box, Enter on the button saves.
  const buzz = linkPage.getByRole('checkbox', { name: 'Celebrity Buzz' });
  await buzz.focus();
  await linkPage.keyboard.press('Space');
  await expect(buzz).toBeChecked();
  await linkPage.getByRole('button', { name: 'Save newsletters' }).focus();
  await linkPage.keyboard.press('Enter');
  await expect(linkPage.getByText(SAVED)).toBeVisible();
  expect(await seriousViolations(linkPage)).toEqual([]);
  await expect(linkPage.getByRole('link', { name: 'Sign in to manage your account' })).toHaveAttribute('href', '/account/login');
  await expectFits(linkPage, 'newsletters update', PHONE_WIDTHS);
  await stranger.close();

  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Celebrity Buzz' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Getaways' })).toBeChecked();
});

test('a link that does not work says so and leads to the settings', async ({ page }) => {
  await page.goto('/account/settings/newsletters-update?token=p1.1.2.forged');
  await expect(page.getByRole('alert')).toContainText('This newsletter settings link is not valid.');
  expect(await seriousViolations(page)).toEqual([]);
  await expectFits(page, 'newsletters update (invalid link)', PHONE_WIDTHS);
  await page.getByRole('link', { name: 'Go to your newsletter settings' }).click();
  await expect(page).toHaveURL(/\/account\/login$/);
});
