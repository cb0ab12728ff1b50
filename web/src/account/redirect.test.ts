import { describe, expect, it } from 'vitest';
import { acceptRedirect, DEFAULT_REDIRECT, inAppPath, resolveLoginRedirect } from './redirect';

const HOSTS = ['127.0.0.1', 'localhost', 'nypost.com', 'pagesix.com', 'decider.com'];

describe('acceptRedirect', () => {
  it.each([
    // [input, accepted target or null]
    ['/account/settings', '/account/settings'],
    ['/account/settings/display', '/account/settings/display'],
    ['/account/settings/display?tab=1#x', '/account/settings/display?tab=1#x'],
    ['/2024/01/02/some-story/', '/2024/01/02/some-story/'],
    ['/account/settings/../settings/display', '/account/settings/display'],
    ['https://nypost.com/2024/story', 'https://nypost.com/2024/story'],
    ['http://pagesix.com/', 'http://pagesix.com/'],
    ['HTTPS://DECIDER.COM/watch', 'https://decider.com/watch'],
    ['http://127.0.0.1:8765/account/settings', 'http://127.0.0.1:8765/account/settings'],
    ['http://localhost:3000/x', 'http://localhost:3000/x'],
    // login and register paths loop back: refused, however written
    ['/account/login', null],
    ['/account/login/', null],
    ['/account/login?redirect=/account/settings', null],
    ['/account/register', null],
    ['/account/register-success', null],
    ['/Account/LOGIN', null],
    ['/account//login', null],
    ['/account/%6Cogin', null],
    ['/account/settings/../login', null],
    ['/account/%2e%2e/account/login', null],
    ['https://nypost.com/account/login', null],
    ['https://nypost.com/account/register?x=1', null],
    // hosts that are not allowed, or only look allowed
    ['https://evil.example', null],
    ['https://evil.example/account/settings', null],
    ['https://nypost.com.evil.example/', null],
    ['https://evilnypost.com/', null],
    ['https://www.nypost.com/', null],
    ['https://nypost.com@evil.example/', null],
    ['https://user:pass@nypost.com/', null],
    ['https://nypost.com%40evil.example/', null],
    // protocol-relative, backslash and whitespace tricks
    ['//evil.example', null],
    ['//evil.example/account/settings', null],
    ['///evil.example', null],
    ['/\\evil.example', null],
    ['\\\\evil.example', null],
    ['/\t/evil.example', null],
    ['/\n/evil.example', null],
    [' /account/settings', null],
    ['https:\\\\evil.example', null],
    ['https://nypost.com\\@evil.example', null],
    // dot segments that `new URL` resolves into a protocol-relative path (issue 11, item 9)
    ['/..//evil.example', null],
    ['/../..//evil.example', null],
    ['/./..//evil.example', null],
    ['/account/../..//evil.example', null],
    ['/account/settings/../../..//evil.example/x', null],
    ['/%2e%2e//evil.example', null],
    ['/%2E%2E//evil.example', null],
    ['/.%2e//evil.example', null],
    ['/%2e.//evil.example', null],
    ['/.%2E/', '/'],
    ['/.%2e//evil.example?x=1#y', null],
    ['/..//evil.example/account/settings', null],
    ['/..///evil.example', null],
    ['https://nypost.com/..//evil.example', null],
    ['https://nypost.com//evil.example', null],
    // percent-encoded slashes and backslashes, once or twice
    ['/%2F%2Fevil.example', null],
    ['/%2f%2fevil.example', null],
    ['/%2F/evil.example', null],
    ['/%5Cevil.example', null],
    ['/%5C%5Cevil.example', null],
    ['/%5c/evil.example', null],
    ['/..%2F%2Fevil.example', null],
    ['/%2e%2e%2F%2Fevil.example', null],
    ['/%252F%252Fevil.example', null],
    ['/%25252F%25252Fevil.example', null],
    ['https://nypost.com/%2F%2Fevil.example', null],
    // tabs and newlines, raw (browsers drop them) or encoded
    ['/\t/evil.example', null],
    ['/\r\n/evil.example', null],
    ['/.\t./\t/evil.example', null],
    ['/%09/evil.example', null],
    ['/%0a/evil.example', null],
    ['/%0D%0A/evil.example', null],
    ['/\\evil', null],
    ['/\\/evil.example', null],
    // ordinary paths with encoded characters still pass
    ['/2024/01/02/caf%C3%A9-story/', '/2024/01/02/caf%C3%A9-story/'],
    ['/account/settings/display?next=%2F%2Fx', '/account/settings/display?next=%2F%2Fx'],
    // other schemes and forms
    ['javascript:alert(1)', null],
    ['JavaScript:alert(1)', null],
    ['java\tscript:alert(1)', null],
    ['data:text/html,<script>alert(1)</script>', null],
    ['vbscript:msgbox(1)', null],
    ['ftp://nypost.com/', null],
    ['https:nypost.com', null],
    ['https:/nypost.com', null],
    ['evil.example', null],
    ['account/settings', null],
    ['', null],
    ['referrer', null],
  ])('%j → %j', (input, expected) => {
    expect(acceptRedirect(input, HOSTS)).toBe(expected);
  });

  it.each([null, undefined, 42, {}, ['/account/settings']])('refuses non-strings (%j)', (input) => {
    expect(acceptRedirect(input, HOSTS)).toBeNull();
  });

  it('matches hosts exactly and case-insensitively', () => {
    expect(acceptRedirect('https://NYPost.com/', ['nypost.com'])).toBe('https://nypost.com/');
    expect(acceptRedirect('https://nypost.com/', ['NYPOST.COM'])).toBe('https://nypost.com/');
    expect(acceptRedirect('https://nypost.com/', [])).toBeNull();
  });
});

describe('resolveLoginRedirect', () => {
  const base = { redirectParam: null, referrer: '', storedPath: null, allowedHosts: HOSTS };

  it.each([
    [{}, DEFAULT_REDIRECT],
    [{ redirectParam: '/account/settings/display' }, '/account/settings/display'],
    [{ redirectParam: 'https://evil.example' }, DEFAULT_REDIRECT],
    [{ redirectParam: '//evil.example' }, DEFAULT_REDIRECT],
    [{ redirectParam: 'javascript:alert(1)' }, DEFAULT_REDIRECT],
    [{ redirectParam: '/account/login' }, DEFAULT_REDIRECT],
    [{ storedPath: '/account/settings/display' }, '/account/settings/display'],
    [{ storedPath: 'https://evil.example/' }, DEFAULT_REDIRECT],
    [{ redirectParam: '/a', storedPath: '/b' }, '/a'],
    [{ redirectParam: 'https://evil.example', storedPath: '/b' }, '/b'],
    [{ redirectParam: 'referrer', referrer: 'https://nypost.com/story' }, 'https://nypost.com/story'],
    [{ redirectParam: 'referrer', referrer: 'https://evil.example/story' }, DEFAULT_REDIRECT],
    [{ redirectParam: 'referrer', referrer: '' }, DEFAULT_REDIRECT],
    [{ redirectParam: 'referrer', referrer: 'http://127.0.0.1:8765/account/login' }, DEFAULT_REDIRECT],
    [{ redirectParam: '/..//evil.example' }, DEFAULT_REDIRECT],
    [{ redirectParam: '/%2e%2e//evil.example', storedPath: '/b' }, '/b'],
    [{ storedPath: '/..//evil.example' }, DEFAULT_REDIRECT],
    [{ redirectParam: 'referrer', referrer: 'http://127.0.0.1:8765/..//evil.example' }, DEFAULT_REDIRECT],
  ])('%j → %s', (input, expected) => {
    expect(resolveLoginRedirect({ ...base, ...input })).toBe(expected);
  });
});

describe('inAppPath', () => {
  const origin = 'http://127.0.0.1:8765';
  it.each([
    ['/account/settings', '/account/settings'],
    ['/account', '/account'],
    ['http://127.0.0.1:8765/account/settings/display?x=1', '/account/settings/display?x=1'],
    ['/2024/story', null],
    ['/accounting', null],
    ['/account/avatar/?color=%23000000', null],
    ['https://nypost.com/account/settings', null],
  ])('%s → %j', (target, expected) => {
    expect(inAppPath(target, origin)).toBe(expected);
  });
});
