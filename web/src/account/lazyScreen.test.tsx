// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, lazyScreen, loadWithTimeout } from './lazyScreen';

function Hello() {
  return <p>Hello screen</p>;
}

describe('lazy screens', () => {
  it('show "Loading chunk N failed." and load again on Retry', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Hello }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ default: Hello });
    const Screen = lazyScreen('settings', load);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);

    render(<Screen />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Loading chunk settings failed.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Hello screen')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('give up on a chunk after 120000 ms', async () => {
    vi.useFakeTimers();
    try {
      const never = new Promise<never>(() => undefined);
      const result = loadWithTimeout(() => never, '7');
      const assertion = expect(result).rejects.toThrow('Loading chunk 7 failed.');
      await act(async () => {
        vi.advanceTimersByTime(CHUNK_LOAD_TIMEOUT_MS);
      });
      await assertion;
      await expect(result).rejects.toBeInstanceOf(ChunkLoadError);
    } finally {
      vi.useRealTimers();
    }
  });

  it('do not time out a chunk that arrives in time', async () => {
    await expect(loadWithTimeout(() => Promise.resolve(42), 'x', 50)).resolves.toBe(42);
  });
});
