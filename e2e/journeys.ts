/**
 * The core journeys (issue 18): register, password reset by mail, subscribe, the paywall's
 * purchase, a referral conversion. Tagged tests run twice: on the one-process server and on
 * the scaled topology (playwright.config.ts, project "scaled").
 */
export const JOURNEY = { tag: '@journey' };
