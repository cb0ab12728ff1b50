import { expect, test } from '@playwright/test';
import { newReader, registerByApi } from './helpers';

/**
 * The guard of pages that need a payment method and an active status (spec section 2; which
 * pages: web/src/account/routes.tsx): anyone else lands on the membership page.
 */
test('a reader without a membership is sent from Refer a friend to the membership page', async ({ page }) => {
  await registerByApi(page.request, newReader('member-pages'));
  await page.goto('/account/settings/refer-a-friend');
  await expect(page).toHaveURL(/\/account\/settings\/membership$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Refer a friend' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // It is told why, and where to start.
  await expect(page.getByRole('status').filter({ hasText: 'Refer a friend is for members' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Subscribe' }).or(page.getByRole('button', { name: 'Subscribe' })).first()).toBeVisible();
});
