// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { detectMobileApp } from './mobileApp';

describe('mobile-app mode', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('is off by default', () => {
    expect(detectMobileApp('')).toBe(false);
  });

  it('is switched on by ?mobileApp=true once and remembered for the tab', () => {
    expect(detectMobileApp('?mobileApp=true')).toBe(true);
    expect(detectMobileApp('')).toBe(true);
    expect(detectMobileApp('?mobileApp=false')).toBe(true);
  });

  it('needs the exact value true', () => {
    expect(detectMobileApp('?mobileApp=1')).toBe(false);
  });
});
