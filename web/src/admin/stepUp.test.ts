import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { needsStepUp, StepUpCancelled, withStepUp } from './stepUp';

const reauth = () => new ApiError('Enter a new code.', 403, 'reauthentication-required');

describe('withStepUp', () => {
  it('runs the action once when the server accepts it', async () => {
    const action = vi.fn().mockResolvedValue('done');
    const ask = vi.fn();
    await expect(withStepUp(action, ask)).resolves.toBe('done');
    expect(action).toHaveBeenCalledTimes(1);
    expect(ask).not.toHaveBeenCalled();
  });

  it('asks for a code on reauthentication-required and tries once more', async () => {
    const action = vi.fn().mockRejectedValueOnce(reauth()).mockResolvedValueOnce('done');
    const ask = vi.fn().mockResolvedValue(true);
    await expect(withStepUp(action, ask)).resolves.toBe('done');
    expect(action).toHaveBeenCalledTimes(2);
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it('a second refusal is the answer (no loop)', async () => {
    const action = vi.fn().mockRejectedValue(reauth());
    const ask = vi.fn().mockResolvedValue(true);
    await expect(withStepUp(action, ask)).rejects.toMatchObject({ type: 'reauthentication-required' });
    expect(action).toHaveBeenCalledTimes(2);
  });

  it('giving up on the code does not run the action again', async () => {
    const action = vi.fn().mockRejectedValue(reauth());
    await expect(withStepUp(action, async () => false)).rejects.toBeInstanceOf(StepUpCancelled);
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('other refusals pass unchanged', async () => {
    const refused = new ApiError('Your account does not have the admin role.', 403, 'forbidden');
    const ask = vi.fn();
    await expect(withStepUp(() => Promise.reject(refused), ask)).rejects.toBe(refused);
    expect(ask).not.toHaveBeenCalled();
    expect(needsStepUp(new Error('x'))).toBe(false);
  });
});
