// braintree-web's own error class and error definitions, used by the test double so its
// rejections are the ones the real SDK produces (the package ships no types for them).
declare module 'braintree-web/lib/braintree-error' {
  interface BraintreeErrorOptions {
    type: string;
    code: string;
    message: string;
    details?: unknown;
  }
  class BraintreeError extends Error {
    constructor(options: BraintreeErrorOptions);
    code: string;
    type: string;
    details?: unknown;
  }
  export = BraintreeError;
}

declare module 'braintree-web/hosted-fields/shared/errors' {
  const errors: Record<string, { type: string; code: string; message?: string }>;
  export = errors;
}

declare module 'braintree-web/client/errors' {
  const errors: Record<string, { type: string; code: string; message?: string }>;
  export = errors;
}
