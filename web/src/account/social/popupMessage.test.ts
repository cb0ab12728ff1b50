import { describe, expect, it } from 'vitest';
import { newPopupState, readPopupMessage } from './popupMessage';

const STATE = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';

describe('readPopupMessage', () => {
  it('takes a login with our state', () => {
    const data = { action: 'login', cookie: 'zephrSessionId=x; Path=/;', tracking_id: 't-1', identifier: 'a@example.com', stateKey: '', provider: 'google', state: STATE };
    expect(readPopupMessage(data, STATE)).toEqual({ action: 'login', cookie: 'zephrSessionId=x; Path=/;', tracking_id: 't-1', provider: 'google' });
  });

  it('takes a register with its stateKey and identifier', () => {
    const data = { action: 'register', cookie: '', tracking_id: '', identifier: 'a@example.com', stateKey: 'key', provider: 'apple', state: STATE };
    expect(readPopupMessage(data, STATE)).toEqual({ action: 'register', identifier: 'a@example.com', stateKey: 'key', provider: 'apple' });
  });

  it('refuses a login or register with another state', () => {
    const data = { action: 'login', cookie: 'c', provider: 'google', state: 'someone-elses' };
    expect(readPopupMessage(data, STATE)).toMatchObject({ action: 'error' });
    expect(readPopupMessage({ ...data, state: undefined }, STATE)).toMatchObject({ action: 'error' });
  });

  it('takes an error whatever its state', () => {
    expect(readPopupMessage({ action: 'error', message: 'Cancelled.', state: '' }, STATE)).toEqual({ action: 'error', message: 'Cancelled.' });
  });

  it('takes a confirm only in a confirm popup, with our state', () => {
    const data = { action: 'confirm', provider: 'google', state: STATE };
    expect(readPopupMessage(data, STATE, 'confirm')).toEqual({ action: 'confirm', provider: 'google' });
    expect(readPopupMessage(data, STATE)).toBeNull(); // a sign-in popup never confirms
    expect(readPopupMessage({ ...data, action: 'login', cookie: 'c' }, STATE, 'confirm')).toBeNull(); // nor does a confirm popup sign in
    expect(readPopupMessage({ ...data, state: 'someone-elses' }, STATE, 'confirm')).toEqual({
      action: 'error',
      message: 'This confirmation did not come from this page.',
    });
    expect(readPopupMessage({ ...data, provider: 'myspace' }, STATE, 'confirm')).toBeNull();
  });

  it('ignores what is not a popup result', () => {
    for (const data of [null, 'login', 42, { action: 'logout' }, { action: 'login', state: STATE, provider: 'myspace', cookie: 'c' }, { action: 'register', state: STATE, provider: 'google' }]) {
      expect(readPopupMessage(data, STATE)).toBeNull();
    }
  });
});

describe('newPopupState', () => {
  it('is 32 hex characters, new each time', () => {
    const state = newPopupState();
    expect(state).toMatch(/^[0-9a-f]{32}$/);
    expect(newPopupState()).not.toBe(state);
  });
});
