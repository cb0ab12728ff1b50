/**
 * Feedback (issue 17): a reader writes to the publisher; the message reaches the team's
 * address in the dev mailbox. The screen by keyboard, to axe, at phone widths.
 */
import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe';
import { newReader, registerByApi } from './helpers';
import { expectFits, PHONE_WIDTHS } from './reflow';

const STAFF = 'support@masthead.local';
const THANKS = 'Thank you for your feedback. It has reached our team.';

interface Mail {
  subject: string;
  text: string;
}

test('feedback reaches the dev mailbox, written by keyboard alone', async ({ page }) => {
  const reader = newReader('feedback');
  await registerByApi(page.request, reader);
  await page.goto('/account/settings/feedback');
  await expect(page.getByRole('heading', { level: 1, name: 'Feedback' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const words = `Please cover more chess. (${reader.email})`;
  await page.getByLabel('Topic').focus();
  await page.keyboard.press('ArrowDown'); // Newsletters
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(/Your message/)).toBeFocused();
  await page.keyboard.type(words);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('You may reply to me by email')).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Send feedback' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page.getByRole('status').filter({ hasText: THANKS })).toBeVisible();
  await expect(page.getByLabel(/Your message/)).toHaveValue('');
  expect(await seriousViolations(page)).toEqual([]);

  await expect
    .poll(
      async () => {
        const mails = (await (await page.request.get('/dev/mailbox.json', { params: { to: STAFF } })).json()) as Mail[];
        return mails.filter((mail) => mail.text.includes(words)).map((mail) => mail.subject);
      },
      { timeout: 15_000 },
    )
    .toEqual(['Reader feedback: Newsletters']);
  await expectFits(page, 'the feedback screen', PHONE_WIDTHS);
});

test('a blank message is refused on the page', async ({ page }) => {
  await registerByApi(page.request, newReader('feedback-blank'));
  await page.goto('/account/settings/feedback');
  await page.getByRole('button', { name: 'Send feedback' }).click();
  await expect(page.getByText('Please write your message.')).toBeVisible();
  await expect(page.getByLabel(/Your message/)).toBeFocused();
});
