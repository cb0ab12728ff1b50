// Chunk: the referral cookie's codes: storing the `_saasquatch` URL parameter (pushCookie, also
// when the classic script loads on a page whose address carries it), putting referral codes
// into the page's forms (autofill, call 5) and the fuel-tank rules.
export { storeReferralCookie } from '../cookieStore.js';
export { autofill, squatchReferralCookie } from '../referralCode.js';
export { fillFuelTank } from '../urlRules.js';
