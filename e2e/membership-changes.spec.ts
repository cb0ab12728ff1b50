import { seriousViolations } from './axe';
import { expect, test, type Page } from '@playwright/test';
import { newReader, registerByApi } from './helpers';
import { decisionsKey } from './server';

// Pause, resume, plan switch and cancel, as a paying member does them on the membership page.

/** Set MEMBERSHIP_SHOTS=/tmp/shots to keep desktop and 375px screenshots of the dialogs. */
const shotsDir = process.env.MEMBERSHIP_SHOTS;

async function shoot(page: Page, name: string) {
  if (!shotsDir) return;
  await page.screenshot({ path: `${shotsDir}/${name}-desktop.png`, fullPage: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${shotsDir}/${name}-375.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}


/** Whether a request's form body is the newsletters' account_change with this pause_membership. */
function isAccountChange(body: string | null, paused: 'true' | 'false'): boolean {
  const form = new URLSearchParams(body ?? '');
  return form.get('action') === 'account_change' && form.get('pause_membership') === paused;
}

/** Pays for the six-month plan (no trial) with the sandbox's test Visa. */
async function subscribeSixMonths(page: Page, price = '$24.99') {
  await page.goto('/account/subscribe');
  await page.getByRole('list', { name: 'Membership plans' }).getByRole('listitem').filter({ hasText: price }).getByRole('button').click();
  await page.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
  await page.getByLabel('Card Number').fill('4111 1111 1111 1111');
  await page.getByLabel('Expiration').fill('12/30');
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('Zip Code').fill('10001');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for subscribing!' })).toBeVisible({ timeout: 15_000 });
}

test('a member pauses, resumes, switches to annual and cancels', async ({ page }) => {
  const reader = newReader('changes');
  await registerByApi(page.request, reader);
  await subscribeSixMonths(page);
  await page.goto('/account/settings/membership');
  const status = page.getByTestId('membership-status');
  await expect(status).toHaveText('Active');

  const overview = page.getByRole('region', { name: 'Your membership' });
  const nextBilling = (await overview.locator('dt:text-is("Next billing date") + dd').textContent()) ?? '';
  expect(nextBilling).toMatch(/^\w+ \d+, \d{4}$/);
  await shoot(page, 'membership-active');

  // Pause for two months: benefits stay through the last paid day; the pause starts on the
  // day of the next charge, the same day the card shows; resuming charges the plan's price.
  await page.getByRole('button', { name: 'Pause membership' }).click();
  const pause = page.getByRole('dialog', { name: 'Pause your membership' });
  await expect(pause).toBeVisible();
  await expect(pause).toContainText(`The pause starts on ${nextBilling}, the day you would next be charged`);
  await pause.getByLabel('2 months').check();
  await expect(pause.getByTestId('pause-text')).toHaveText(
    /^Your membership will be paused for 2 months\. It resumes on \w+ \d+, \d{4}: you are charged \$24\.99 that day and then every 6 months \(\$4\.17 a month\)\.$/,
  );
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'membership-pause-dialog');
  // The newsletters are told (account_change with pause_membership, spec section 7).
  const toldPaused = page.waitForResponse((response) => isAccountChange(response.request().postData(), 'true'));
  await pause.getByRole('button', { name: 'Pause membership' }).click();
  expect((await toldPaused).status()).toBe(200);
  await expect(pause).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Subscription successfully paused' })).toBeVisible();
  await expect(status).toHaveText('Active, pause scheduled');
  await expect(page.getByText(/Your membership is paused for 2 months\. You are not charged until it restarts on/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pause membership' })).toHaveCount(0);
  await shoot(page, 'membership-paused');
  // The confirmation mail reaches the reader, with a link back to this page.
  // (Registering and subscribing mailed that link too: read the pause mail itself.)
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get('/dev/mailbox.json', { params: { to: reader.email } })).json()) as { subject: string; text: string }[];
      return mails.find((mail) => mail.subject === 'Your membership is paused')?.text ?? '';
    }, { timeout: 15_000 })
    .toContain('/account/settings/membership');

  // Resume: the membership continues when the paid period ends, not charged twice.
  const toldResumed = page.waitForResponse((response) => isAccountChange(response.request().postData(), 'false'));
  await page.getByRole('button', { name: 'Resume membership' }).click();
  expect((await toldResumed).status()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: 'Membership successfully resumed.' })).toBeVisible();
  await expect(status).toHaveText('Active');
  await expect(page.getByRole('button', { name: 'Resume membership' })).toHaveCount(0);
  // Resumed on the same plan: no "Your Six Months plan starts on" as if it were a change.
  await expect(overview.getByTestId('plan-change')).toHaveCount(0);

  // Switch to the annual plan from the end of the paid period.
  await page.getByRole('button', { name: 'Change plan' }).click();
  const change = page.getByRole('dialog', { name: 'Change your plan' });
  await expect(change).toContainText('Free trials do not apply to plan changes.');
  await expect(change).toContainText(`Your new plan starts on ${nextBilling}`);
  await expect(change).not.toContainText('4 weeks');
  await change.getByRole('button', { name: 'Change plan' }).click();
  await expect(change.getByRole('alert')).toHaveText('Please choose a plan.');
  await change.getByLabel(/^Annual: \$39\.99 every year$/).check();
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'membership-change-plan-dialog');
  await change.getByRole('button', { name: 'Change plan' }).click();
  await expect(change).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: /^Your plan changes to Annual on / })).toBeVisible();
  await expect(overview).toContainText('Annual');
  await expect(overview).toContainText(/Your Annual plan starts on .+, when your current paid period ends\./);

  // Cancel: the six months already paid for are kept.
  await page.getByRole('button', { name: 'Cancel membership' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel your membership?' });
  // A pending plan change is not Active: no retention offer.
  await expect(cancel.getByRole('button', { name: 'Accept offer' })).toHaveCount(0);
  await cancel.getByLabel('Another reason').check();
  await cancel.getByRole('button', { name: 'Cancel membership' }).click();
  await expect(cancel).toBeHidden();
  // The plan chosen last (Annual), active through the last day paid for (the six months):
  // the status, the banner and the card name the same day, the day before the next charge.
  await expect(status).toHaveText(/^Active until \w+ \d+, \d{4}$/);
  const lastDay = ((await status.textContent()) ?? '').replace('Active until ', '');
  expect(lastDay).not.toBe(nextBilling);
  await expect(overview.locator('dt:text-is("Plan") + dd')).toHaveText('Annual');
  await expect(overview.locator('dt:text-is("Access until") + dd')).toHaveText(lastDay);
  await expect(page.getByRole('status')).toHaveText(`Your membership has been cancelled. You keep your benefits until ${lastDay}.`);
  await expect(page.getByText(`will not renew. You keep your membership benefits until ${lastDay}.`)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'membership-cancelled-change');
});

test('pause and plan change work by keyboard alone at phone width', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await registerByApi(page.request, newReader('changes-keys'));
  await subscribeSixMonths(page);
  await page.goto('/account/settings/membership');
  const pauseButton = page.getByRole('button', { name: 'Pause membership' });
  await pauseButton.focus();
  await page.keyboard.press('Enter');
  const pause = page.getByRole('dialog', { name: 'Pause your membership' });
  await expect(pause).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(pause).toBeHidden();
  await pauseButton.focus();
  await page.keyboard.press('Enter');
  await expect(pause.getByLabel('1 month')).toBeFocused();
  await page.keyboard.press('ArrowDown'); // radio group: arrows move the choice
  await expect(pause.getByLabel('2 months')).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(pause.getByRole('button', { name: 'Pause membership' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Subscription successfully paused' })).toBeVisible();
});

test('a member about to cancel takes the retention offer instead', async ({ page }) => {
  await registerByApi(page.request, newReader('offer'));
  await subscribeSixMonths(page);
  await page.goto('/account/settings/membership');
  await page.getByRole('button', { name: 'Cancel membership' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel your membership?' });
  const offer = cancel.getByRole('region', { name: 'Before you go: $5 off your next six months' });
  await expect(offer).toContainText('Stay with us and get $5 off your next six-month payment.');
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'membership-cancel-offer');
  await offer.getByRole('button', { name: 'Accept offer' }).click();
  await expect(cancel).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Offer applied: $5 off your next six months.' })).toBeVisible();
  await expect(page.getByTestId('membership-status')).toHaveText('Active');
  // Taken once: the next cancel dialog has no offer.
  await page.getByRole('button', { name: 'Cancel membership' }).click();
  await expect(cancel).toBeVisible();
  await expect(cancel.getByRole('button', { name: 'Accept offer' })).toHaveCount(0);
});

test('an operator words the retention offer through the decision rules, with no restart', async ({ page, request }) => {
  const headers = { Authorization: `Bearer ${decisionsKey}` };
  const added = await request.post('/operator/v1/decision-rules', {
    headers,
    data: {
      feature: 'cancel-flow-offer',
      priority: 50,
      description: 'membership-changes.spec.ts: the annual offer in the season’s words',
      conditions: { statuses: ['Active'], plans: ['sports-annual'] },
      output: { discountId: 'stay-annual-10', heading: 'Stay for the whole season', text: 'Take $10 off your next year of Sports+.', acceptLabel: 'Keep my membership' },
    },
  });
  expect(added.status()).toBe(201);
  const rule = (await added.json()) as { id: number };
  try {
    await registerByApi(page.request, newReader('offer-words'));
    await subscribeSixMonths(page, '$39.99');
    await page.goto('/account/settings/membership');
    const asked = page.waitForRequest((sent) => sent.url().endsWith('/zephr/decision-engine') && sent.postDataJSON().sdkFeatureSlug === 'cancel-flow-offer');
    await page.getByRole('button', { name: 'Cancel membership' }).click();
    await asked;
    const cancel = page.getByRole('dialog', { name: 'Cancel your membership?' });
    const offer = cancel.getByRole('region', { name: 'Stay for the whole season' });
    await expect(offer).toContainText('Take $10 off your next year of Sports+.');
    await offer.getByRole('button', { name: 'Keep my membership' }).click();
    await expect(cancel).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Offer applied: $10 off your next year.' })).toBeVisible();
  } finally {
    expect((await request.delete(`/operator/v1/decision-rules/${rule.id}`, { headers })).status()).toBe(204);
  }
});
