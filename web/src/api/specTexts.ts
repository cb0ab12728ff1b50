/**
 * The texts the spec owns (sections 8 and 9: calls to action, badge, payment, pause and billing
 * messages), GENERATED from the server's (masthead/spec_texts.py, from billing's cta.py) by
 * gen-spec-texts.mjs: run `make api-types`, do not edit. `make check-api-types` fails when
 * this file and the server disagree. Templates keep their '{type}' and '{digits}' placeholders.
 */
export const TRIAL_CTA = "Try for free";
export const FEATURED_BADGE = "Best Value!";
export const NON_REFUNDABLE_TEXT = "All charges are non-refundable.";
export const PRICE_INCREASE_TEXT = "We will notify you by email before any price increase.";
export const SUBSCRIBE_ERROR = "It looks like there was an error subscribing, please try again later.";
export const RESTART_ERROR = "There was an error restarting your subscription";
export const PAST_DUE_MESSAGE = "Your membership billing is past due. Please update your payment method to continue.";
export const INACTIVE_MESSAGE = "Your account is inactive. Please update your payment method.";
export const UPDATE_SUBSCRIPTIONS_ERROR = "There was an error updating subscriptions";
export const PAUSED_EVENT_ERROR = "There was an error sending paused event to newsletters.";
export const PAUSE_ERROR = "There was an error pausing your subscription";
export const PAUSE_SUCCESS = "Subscription successfully paused";
export const RESUME_ERROR = "There was an error resuming your subscription";
export const RESUME_SUCCESS = "Membership successfully resumed.";
export const UNKNOWN_ERROR = "An unknown error has occurred.";
export const CARD_EXPIRING_MESSAGE = "Your credit card is about to expire. Please update your {type} ending in {digits}.";
export const CARD_EXPIRED_MESSAGE = "Your credit card has expired. Please update your {type} ending in {digits}.";
