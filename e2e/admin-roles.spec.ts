/** An admin grants a role in the console and reads the change in the audit log (issue 14). */
import { expect, test } from '@playwright/test';
import { registerByApi, newReader } from './helpers';
import { seriousViolations } from './axe';
import { consoleApi, signInInBrowser, staffAccount } from './staff';

test('an admin grants a role, changes it, and finds both changes in the audit log', async ({ page }) => {
  test.setTimeout(60_000);
  const admin = staffAccount('roles');
  const person = newReader('support-agent', 'Sam', 'Support');
  const anonymous = await consoleApi();
  await registerByApi(anonymous, person);
  await anonymous.dispose();

  await signInInBrowser(page, admin);
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Staff & roles' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff & roles' })).toBeVisible();

  // Grant by email.
  const grant = page.getByRole('region', { name: 'Add someone to staff' });
  await grant.getByLabel('Email address').fill(person.email);
  await grant.getByRole('checkbox', { name: 'Support' }).check();
  await grant.getByRole('button', { name: 'Grant roles' }).click();
  await expect(grant.getByRole('status')).toHaveText(`${person.email} now has the role Support.`);
  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: person.email }) });
  await expect(row.getByText('Not set up yet')).toBeVisible();

  // Change roles with the checkboxes.
  await row.getByRole('button', { name: `Change roles of ${person.email}` }).click();
  await expect(row.getByRole('checkbox', { name: 'Admin' })).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await row.getByRole('checkbox', { name: 'Marketing' }).check();
  await row.getByRole('button', { name: 'Save roles' }).click();
  await expect(page.getByText(`${person.email} now has the roles Support, Marketing.`)).toBeVisible();
  await expect(row.getByText('Support, Marketing')).toBeVisible();

  // The audit log, filtered on what was acted on: both changes, newest first, as a diff.
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Audit log' }).click();
  await page.getByLabel('On (what was acted on)').fill(person.email);
  await page.getByRole('button', { name: 'Show entries' }).click();
  await expect(page).toHaveURL(new RegExp(`target=${encodeURIComponent(person.email)}`));
  const entries = page.locator('.admin-entry');
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText('Changed staff roles');
  await expect(entries.nth(0)).toContainText(admin.email);
  await expect(entries.nth(0).locator('.admin-diff__list li')).toHaveText('Roles: before: support → , after: support, marketing (added marketing)');
  await expect(entries.nth(1).locator('.admin-diff__list li')).toHaveText('Roles: before: none → , after: support (added support)');
  expect(await seriousViolations(page)).toEqual([]);

  // And by who did it and what: the admin's own sign-in is there too.
  await page.getByRole('button', { name: 'Clear the filters' }).click();
  await page.getByLabel('Who (email address)').fill(admin.email);
  await page.getByLabel('Action').fill('staff.signed_in');
  await page.getByRole('button', { name: 'Show entries' }).click();
  await expect(entries.first()).toContainText('Signed in');
  await expect(entries.first()).toContainText(admin.email);
});
