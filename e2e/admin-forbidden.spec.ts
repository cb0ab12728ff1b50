/** Who may not use the console (issue 14): readers without a staff role, strangers, staff without the role. */
import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe';
import { newReader, registerByApi } from './helpers';
import { origin } from './server';
import { newStaffMember, signInByApi, enrolByApi, consoleApi, signInInBrowser, staffAccount } from './staff';

const PAGES = ['/admin', '/admin/', '/admin/sign-in', '/admin/staff', '/admin/audit', '/admin/no-such-page'];

test('a signed-in reader without a staff role gets 403 on every /admin page and API call', async ({ page }) => {
  await registerByApi(page.request, newReader('no-role'));
  for (const path of PAGES) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByRole('heading', { level: 1, name: 'This account has no staff role' })).toBeVisible();
  }
  expect(await seriousViolations(page)).toEqual([]);

  const noRole = { type: 'forbidden', message: 'This account has no staff role.' };
  for (const path of ['/admin/api/me', '/admin/api/staff', '/admin/api/audit']) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(403);
    expect(await response.json()).toEqual(noRole);
  }
  const put = await page.request.put(`/admin/api/staff/${encodeURIComponent('someone@example.com')}`, {
    data: { roles: ['admin'] },
    headers: { Origin: origin },
  });
  expect(put.status()).toBe(403);
  expect(await put.json()).toEqual(noRole);
});

test('a stranger gets the sign-in page, and 401 from the API', async ({ page }) => {
  const response = await page.goto('/admin/staff');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
  for (const path of ['/admin/api/me', '/admin/api/staff', '/admin/api/audit']) {
    const answer = await page.request.get(path);
    expect(answer.status(), path).toBe(401);
    expect(await answer.json()).toEqual({ type: 'unauthorized', message: 'Please sign in to the staff console.' });
  }
});

test('staff without the admin role see no admin sections and are refused them', async ({ page }) => {
  const admin = await signInByApi(staffAccount('forbidden'));
  const person = await newStaffMember(admin, 'moderator', ['moderator']);
  await admin.dispose();
  const own = await consoleApi();
  const moderator = await enrolByApi(own, 'forbidden-moderator', person.email, person.password);
  for (const path of ['/admin/api/staff', '/admin/api/audit']) {
    const answer = await own.get(path);
    expect(answer.status(), path).toBe(403);
    expect(await answer.json()).toEqual({ type: 'forbidden', message: 'Your account does not have the admin role.' });
  }
  const put = await own.put(`/admin/api/staff/${encodeURIComponent(person.email)}`, { data: { roles: ['admin'] } });
  expect(put.status()).toBe(403);
  await own.dispose();

  await signInInBrowser(page, moderator);
  await expect(page.getByRole('navigation', { name: 'Console sections' }).getByRole('link')).toHaveText(['Overview', 'Comments']);
  for (const path of ['/admin/staff', '/admin/audit']) {
    await page.goto(path);
    await expect(page.getByRole('alert')).toHaveText('Your account does not have the admin role.');
  }
});
