// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/queryClient';
import { serveProfileWrites } from '../../test/accountApi';
import { App } from '../App';

/** A signed-in reader who gave a birth month only; records every profile write. */
const serve = () =>
  serveProfileWrites({ 'full-name': 'Ada Lovelace', gender: '', 'birth-month': 4, 'birth-day': null });

afterEach(() => vi.unstubAllGlobals());

it('asks the optional questions, refuses a day the month lacks, and saves only what changed', async () => {
  const writes = serve();
  const user = userEvent.setup();
  window.history.replaceState({}, '', '/account/settings');
  render(<App queryClient={createQueryClient()} config={{ allowedRedirectHosts: ['127.0.0.1', 'localhost'] }} />);

  const section = await screen.findByRole('region', { name: 'About you (optional)' });
  expect(within(section).getByLabelText('Birth month')).toHaveValue('4');
  expect(within(section).getByLabelText('Gender')).toHaveValue('');

  await user.selectOptions(within(section).getByLabelText('Birth day'), '31');
  await user.click(within(section).getByRole('button', { name: 'Save answers' }));
  expect(await within(section).findByText('April has 30 days.')).toBeVisible();
  expect(writes).toEqual([]);

  await user.selectOptions(within(section).getByLabelText('Birth day'), '30');
  await user.selectOptions(within(section).getByLabelText('Age group'), '35–44');
  await user.click(within(section).getByRole('button', { name: 'Save answers' }));
  expect(await within(section).findByText('Your answers have been saved.')).toBeVisible();
  expect(writes).toEqual([{ 'birth-day': 30, 'age-group': '35–44' }]);

  await user.selectOptions(within(section).getByLabelText('Gender'), 'Woman');
  await user.click(within(section).getByRole('button', { name: 'Save answers' }));
  await vi.waitFor(() => expect(writes).toHaveLength(2));
  expect(writes[1]).toEqual({ gender: 'Woman' }); // the unanswered questions are not sent again

  await user.selectOptions(within(section).getByLabelText('Birth month'), '');
  await user.click(within(section).getByRole('button', { name: 'Save answers' }));
  await vi.waitFor(() => expect(writes).toHaveLength(3));
  expect(writes[2]).toEqual({ 'birth-month': null });
});
