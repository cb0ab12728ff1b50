import { afterEach, describe, expect, it, vi } from 'vitest';

// Each test gets a fresh module, as a fresh page would.
const load = async () => {
  vi.resetModules();
  return import('../src/squatch.js');
};

afterEach(() => document.body.replaceChildren());

describe('the squatch module', () => {
  it('fails like squatch-js when used before init', async () => {
    const squatch = await load();
    expect(() => squatch.api()).toThrow('tenantAlias not provided');
    expect(() => squatch.widgets()).toThrow('tenantAlias not provided');
    expect(() => squatch.events()).toThrow('tenantAlias not provided');
  });

  it('validates the config given to init', async () => {
    const squatch = await load();
    expect(() => squatch.init(undefined as never)).toThrow('config must be an object');
    expect(() => squatch.init({} as never)).toThrow('tenantAlias not provided');
  });

  it('sets up api(), widgets() and events() from one config', async () => {
    const squatch = await load();
    squatch.init({ tenantAlias: 'acme', domain: 'http://127.0.0.1:8000' });
    expect(squatch.api().domain).toBe('http://127.0.0.1:8000');
    expect(squatch.widgets().tenantAlias).toBe('acme');
    expect(squatch.events().tenantAlias).toBe('acme');
    for (const method of ['cookieUser', 'upsertUser', 'render', 'squatchReferralCookie'] as const)
      expect(typeof squatch.api()[method]).toBe('function');
    for (const method of ['upsertUser', 'render', 'autofill'] as const) expect(typeof squatch.widgets()[method]).toBe('function');
  });

  it('runs ready callbacks at once', async () => {
    const squatch = await load();
    const fn = vi.fn();
    squatch.ready(fn);
    expect(fn).toHaveBeenCalledOnce();
  });

  it('delegates widget() and autofill() to widgets()', async () => {
    const squatch = await load();
    squatch.init({ tenantAlias: 'acme' });
    const render = vi.spyOn(squatch.widgets(), 'render').mockResolvedValue('rendered' as never);
    const autofill = vi.spyOn(squatch.widgets(), 'autofill').mockResolvedValue();
    const props = { user: { id: 'u', accountId: 'a' } };
    await expect(squatch.widget(props)).resolves.toBe('rendered');
    expect(render).toHaveBeenCalledWith(props);
    await squatch.autofill('#code');
    expect(autofill).toHaveBeenCalledWith('#code');
  });

  it.each([
    ['a test tenant', { tenantAlias: 'test_abc' }, true],
    ['debug: true', { tenantAlias: 'acme', debug: true }, true],
    ['any other tenant', { tenantAlias: 'acme' }, false],
    ['a tenant containing test later', { tenantAlias: 'acme_test' }, false],
  ])('logs under squatch-js for %s: %s', async (_name, config, logs) => {
    const squatch = await load();
    const { log } = await import('../src/log.js');
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    squatch.init(config);
    log('hello');
    if (logs) expect(debug).toHaveBeenCalledWith('squatch-js', 'hello');
    else expect(debug).not.toHaveBeenCalled();
  });
});
