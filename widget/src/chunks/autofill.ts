// Chunk: referral codes put into the page's forms (autofill, call 5, fuel-tank rules).
export { autofill, squatchReferralCookie } from '../referralCode.js';
export { fillFuelTank } from '../urlRules.js';
