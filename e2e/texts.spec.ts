import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { linkFromMail, newReader, registerByApi } from './helpers';
import { expectFits, PHONE_WIDTHS } from './reflow';
import { homeDeliveryKey } from './server';

/** Text alerts (issue 17): a member opts in and out, a STOP reply, the gate, and the app link. */

const TURNED_ON = 'Text alerts are on. We sent a text to confirm.';
const TURNED_OFF = 'Text alerts are off. We sent a text to confirm.';

interface DevText {
  id: number;
  to: string;
  body: string;
  stop_replied: boolean;
}

/** A number of its own per test (and per run): the limits count per number. */
function phoneNumber(): { typed: string; e164: string } {
  const last = String(Math.floor(Math.random() * 90) + 10);
  const middle = String(Math.floor(Math.random() * 800) + 200);
  return { typed: `+1 646 ${middle} 01${last}`, e164: `+1646${middle}01${last}` };
}

/** Texts leave through the outbox: the in-process worker delivers them a moment later. */
async function textsTo(page: Page, e164: string, count: number): Promise<DevText[]> {
  let texts: DevText[] = [];
  await expect(async () => {
    const response = await page.request.get(`/dev/texts.json?to=${encodeURIComponent(e164)}`);
    texts = (await response.json()) as DevText[];
    expect(texts.length).toBe(count);
  }).toPass({ timeout: 15_000 });
  return texts;
}

/** A member by print home delivery: the print system starts it, the reader proves the address. */
async function signInMember(page: Page, label: string) {
  const reader = newReader(label);
  await registerByApi(page.request, reader);
  const response = await page.request.put(`/operator/v1/home-delivery/${encodeURIComponent(reader.email)}`, {
    headers: { Authorization: `Bearer ${homeDeliveryKey}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  await page.goto(await linkFromMail(page.request, reader.email, '/blaize/users/verify-email/'));
}

test('a member turns text alerts on and off by keyboard, and gets a text each time', async ({ page }) => {
  const phone = phoneNumber();
  await signInMember(page, 'texts-member');
  await page.goto('/account/settings/texts');
  await expect(page.getByRole('heading', { name: 'Text alerts', level: 1 })).toBeVisible();
  const number = page.getByRole('textbox', { name: 'Mobile number' });
  await expect(page.getByText('By turning on text alerts, you agree', { exact: false })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await expectFits(page, 'text alerts (off)', PHONE_WIDTHS);

  // A number without its country is refused with what to enter.
  await number.fill('646 555 0100');
  await number.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Enter your mobile number in international format' })).toBeVisible();

  await number.fill(phone.typed);
  await number.press('Tab');
  await expect(page.getByRole('button', { name: 'Turn on text alerts' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText(TURNED_ON)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Turn off text alerts' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await expectFits(page, 'text alerts (on)', PHONE_WIDTHS);

  const [confirmation] = await textsTo(page, phone.e164, 1);
  expect(confirmation!.body).toMatch(/Reply STOP to opt out\.$/);
  await page.goto('/dev/texts');
  await expect(page.getByRole('listitem').filter({ hasText: phone.e164 }).getByText(confirmation!.body)).toBeVisible();

  await page.goto('/account/settings/texts');
  await page.getByRole('button', { name: 'Turn off text alerts' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(TURNED_OFF)).toBeVisible();
  const [optOut] = await textsTo(page, phone.e164, 2);
  expect(optOut!.body).toContain('unsubscribed from text alerts');
});

test('replying STOP in the dev text outbox turns the alerts off', async ({ page }) => {
  const phone = phoneNumber();
  await signInMember(page, 'texts-stop');
  await page.goto('/account/settings/texts');
  await page.getByRole('textbox', { name: 'Mobile number' }).fill(phone.typed);
  await page.getByRole('button', { name: 'Turn on text alerts' }).click();
  await expect(page.getByText(TURNED_ON)).toBeVisible();
  const [text] = await textsTo(page, phone.e164, 1);

  await page.goto('/dev/texts');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: `Reply STOP to text ${text!.id} to ${phone.e164}` }).click();
  await expect(page).toHaveURL(/\/dev\/texts$/);
  await textsTo(page, phone.e164, 2);

  await page.goto('/account/settings/texts');
  await expect(page.getByRole('button', { name: 'Turn on text alerts' })).toBeVisible();
});

test('a reader without a membership is told why, and how to join', async ({ page }) => {
  await registerByApi(page.request, newReader('texts-closed'));
  await page.goto('/account/settings/texts');
  await expect(page.getByText('Text alerts are for members and home delivery subscribers.', { exact: false })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Mobile number' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await expectFits(page, 'text alerts (not a member)', PHONE_WIDTHS);
  await page.getByRole('link', { name: 'Join the membership' }).click();
  await expect(page).toHaveURL(/\/account\/subscribe$/);
});

test('a reader texts themselves a link to the app from the onboarding step', async ({ page }) => {
  const phone = phoneNumber();
  await registerByApi(page.request, newReader('texts-app'));
  await page.goto('/account/onboarding/app-text');
  const number = page.getByRole('textbox', { name: 'Mobile number' });
  await expect(number).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await expectFits(page, 'app-text step', PHONE_WIDTHS);
  await number.fill(phone.typed);
  await number.press('Tab');
  await expect(page.getByRole('button', { name: 'Text me a link to the app' })).toBeFocused();
  await page.keyboard.press('Enter');
  // Texted: the step says where, and stays until the reader moves on.
  await expect(page.getByText(/^We’ve texted the link to /)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const [text] = await textsTo(page, phone.e164, 1);
  expect(text!.body).toContain('https://');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Sports+ membership', level: 1 })).toBeVisible();
});
