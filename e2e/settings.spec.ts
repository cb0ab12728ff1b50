import { expect, test, type Locator, type Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { newReader, registerByApi, submitLogin } from './helpers';

test('a reader edits the profile and sees it saved', async ({ page }) => {
  await registerByApi(page.request, newReader('profile', 'Ada', 'Lovelace'));
  await page.goto('/account/settings');

  await page.getByLabel('Full name').fill('Augusta Ada King');
  await page.getByLabel('Phone number').fill('+1 212 555 0100');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your details have been saved.' })).toBeVisible();
  // The header avatar follows the new name.
  await expect(page.getByRole('button', { name: /account menu/i }).locator('img')).toHaveAttribute('src', /initials=AK/);

  // The public profile is the display tab's (the profile tab no longer repeats it).
  await page.getByRole('navigation', { name: 'Account settings' }).getByRole('link', { name: 'Display', exact: true }).click();
  await page.getByLabel('Display name').fill('countess');
  await page.getByLabel('Avatar colour').fill('#1f6f43');
  await expect(page.locator('.colour-picker__preview img')).toHaveAttribute('src', /color=%231f6f43/);
  await page.getByLabel('Bio').fill('Analyst.');
  await page.getByLabel('Location').fill('London');
  await page.getByLabel('Private profile').check();
  await page.getByRole('button', { name: 'Save public profile' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your public profile has been saved.' })).toBeVisible();
  // The publisher's tag manager hears which parts of the profile were customised.
  const events = await page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []);
  expect(events).toContainEqual({
    event: 'profileCustomized',
    fields: expect.arrayContaining(['display-name', 'avatar-color', 'bio', 'location', 'private-profile']),
  });

  await page.reload();
  await expect(page.getByLabel('Display name')).toHaveValue('countess');
  await expect(page.getByLabel('Avatar colour')).toHaveValue('#1f6f43');
  await expect(page.getByLabel('Private profile')).toBeChecked();
  await expect(page.getByLabel('Location')).toHaveValue('London');
  await page.goto('/account/settings');
  await expect(page.getByLabel('Full name')).toHaveValue('Augusta Ada King');
});

test('a reader answers the optional questions by keyboard, is told of a day the month lacks, and the answers are kept', async ({ page }) => {
  await registerByApi(page.request, newReader('optional', 'Ada', 'Lovelace'));
  await page.goto('/account/settings');
  const about = page.getByRole('region', { name: 'About you (optional)' });
  await about.getByLabel('Gender').focus();
  await page.keyboard.press('Tab'); // to Birth month: choices are typed, as in any select
  await expect(about.getByLabel('Birth month')).toBeFocused();
  await about.getByLabel('Birth month').selectOption({ label: 'February' });
  await about.getByLabel('Birth day').selectOption('30');
  await about.getByRole('button', { name: 'Save answers' }).focus();
  await page.keyboard.press('Enter');
  await expect(about.getByText('February has 29 days.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await about.getByLabel('Birth day').selectOption('29');
  await about.getByLabel('Age group').selectOption('35–44');
  await about.getByRole('button', { name: 'Save answers' }).click();
  await expect(about.getByRole('status').filter({ hasText: 'Your answers have been saved.' })).toBeVisible();
  await page.reload();
  await expect(about.getByLabel('Birth month')).toHaveValue('2');
  await expect(about.getByLabel('Birth day')).toHaveValue('29');
  await expect(about.getByLabel('Age group')).toHaveValue('35–44');
  await expect(about.getByLabel('Gender')).toHaveValue('');
});

test('a reader changes the password from settings', async ({ page }) => {
  const reader = newReader('change-password');
  await registerByApi(page.request, reader);
  await page.goto('/account/settings');

  await page.getByLabel('Current password').fill('Not-My-Password-1');
  await page.getByLabel('New password').fill('weak');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Password must be at least 8 characters with one uppercase letter.' }),
  ).toBeVisible();

  await page.getByLabel('New password').fill('Better-Password-4');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: "Sorry, your current password didn't match. Try again." })).toBeVisible();

  await page.getByLabel('Current password').fill(reader.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your password has been changed.' })).toBeVisible();

  await page.context().clearCookies();
  await page.goto('/account/login');
  await submitLogin(page, reader.email, 'Better-Password-4');
  await expect(page).toHaveURL(/\/account\/settings$/);
});

test('a screen whose chunk fails to load offers a retry', async ({ page }) => {
  await registerByApi(page.request, newReader('chunk'));
  let block = true;
  await page.route(/\/static\/assets\/DisplaySettingsScreen-[^/]+\.js$/, (route) => (block ? route.abort() : route.continue()));

  await page.goto('/account/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
  await page.getByRole('link', { name: 'Display', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Loading chunk display-settings failed.' })).toBeVisible();

  block = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Display settings' })).toBeVisible();
});

/** Set FORMS_SHOTS=/some/dir to keep 1280 px and 375 px screenshots of the screens below. */
const shotsDir = process.env.FORMS_SHOTS;

async function shoot(page: Page, name: string) {
  if (!shotsDir) return;
  const size = page.viewportSize();
  await page.screenshot({ path: `${shotsDir}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${shotsDir}/${name}-375.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

/** True once the image has loaded and decoded (a broken image has no natural width). */
const loaded = (image: Locator) => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

test("the name fields hold exactly the server's limit, say it before, and refuse more with a message", async ({ page }) => {
  await registerByApi(page.request, newReader('limits'));
  await page.goto('/account/settings');
  const fullName = page.getByLabel('Full name');
  await expect(fullName).toHaveAccessibleDescription(/Up to 200 characters\./);
  await expect(page.getByLabel('First name')).toHaveAccessibleDescription('Up to 100 characters.');

  // 5,000 characters: no request, and the reader is told what is wrong and where.
  const writes: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/blaize/profile')) writes.push(request.url());
  });
  await fullName.fill('x'.repeat(5000));
  await page.getByRole('button', { name: 'Save details' }).click();
  const details = page.getByRole('region', { name: 'Personal details' });
  await expect(details.getByRole('alert')).toHaveText('The Full name field is invalid.');
  await expect(fullName).toHaveAccessibleDescription(/Full name can be at most 200 characters; it has 5,000\. Please shorten it\./);
  await expect(fullName).toBeFocused();
  await shoot(page, 'settings-name-too-long');
  expect(writes).toEqual([]);

  // The limit itself is the server's: 200 characters (emoji count once) are saved and kept.
  const longest = `${'🦄'.repeat(99)} ${'x'.repeat(100)}`;
  await fullName.fill(longest);
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your details have been saved.' })).toBeVisible();
  await expect(details.getByRole('alert')).toBeEmpty();
  await page.reload();
  await expect(page.getByLabel('Full name')).toHaveValue(longest);
});

test('full name follows first and last name, and the profile tab does not repeat the public profile', async ({ page }) => {
  await registerByApi(page.request, newReader('names', 'Ada', 'Lovelace'));
  await page.goto('/account/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Public profile' })).toHaveCount(0);
  await expect(page.getByLabel('Private profile')).toHaveCount(0);
  await shoot(page, 'settings-profile');

  await page.getByLabel('First name').fill('Augusta');
  await page.getByLabel('Last name').fill('King');
  await expect(page.getByLabel('Full name')).toHaveValue('Augusta King');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your details have been saved.' })).toBeVisible();
  const profile = (await (await page.request.get('/blaize/profile')).json()) as Record<string, unknown>;
  expect(profile).toMatchObject({ 'full-name': 'Augusta King', 'first-name': 'Augusta', 'last-name': 'King' });

  await page.getByRole('link', { name: 'Display settings' }).click();
  await expect(page.getByRole('region', { name: 'Public profile' })).toBeVisible();
  await expect(page.getByLabel('Private profile')).toBeVisible();
  await shoot(page, 'settings-display');
});

for (const [name, initials] of [
  ['🦄 Smith', '🦄S'],
  ['محمد علي', 'مع'],
  ['דָּוִד כֹּהֵן', 'דָּכֹּ'],
  ['👩🏽‍💻 李小龙', '👩🏽‍💻李'],
] as const) {
  test(`the avatar shows the initials of ${name}, not a broken image`, async ({ page }) => {
    await registerByApi(page.request, newReader('avatar'));
    await page.goto('/account/settings');
    const fullName = page.getByLabel('Full name');
    await fullName.fill(name);
    await page.getByRole('button', { name: 'Save details' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your details have been saved.' })).toBeVisible();

    const headerAvatar = page.getByRole('button', { name: /account menu/i }).locator('img');
    await expect(headerAvatar).toHaveAttribute('src', `/account/avatar/?${new URLSearchParams({ color: '#000000', initials })}`);
    await expect.poll(() => loaded(headerAvatar)).toBe(true);

    await page.getByRole('navigation', { name: 'Account settings' }).getByRole('link', { name: 'Display', exact: true }).click();
    const preview = page.locator('.colour-picker__preview img');
    await expect(preview).toHaveAttribute('src', new RegExp(`initials=${encodeURIComponent(initials)}`));
    await expect.poll(() => loaded(preview)).toBe(true);
    if (initials === '🦄S') await shoot(page, 'display-emoji-avatar');
  });
}

test('a long email address wraps in the success box and the phone page keeps its width', async ({ page }) => {
  const reader = newReader('long-address');
  await registerByApi(page.request, reader);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/account/settings/update-email');
  const address = `bartholomew.maximilian.vanderbilt-ashworth-${Date.now()}@subscriptions.newsroom-department.example.com`;
  await page.getByLabel('New email address').fill(address);
  await page.getByRole('button', { name: 'Send confirmation link' }).click();
  const status = page.getByRole('status');
  await expect(status).toContainText(address);
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: document.documentElement.clientWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.window);
  const box = await status.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 800 });
  await shoot(page, 'update-email-sent');
});
