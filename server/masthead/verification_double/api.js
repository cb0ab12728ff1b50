/* The verification double's browser script: the part of reCAPTCHA v3's and Turnstile's
 * browser API that Masthead uses (grecaptcha.ready/execute, turnstile.render/reset/remove),
 * answering tokens the double's siteverify understands. A test picks the outcome with
 * localStorage['verification-double']: 'fail' (siteverify refuses the token), 'low-score'
 * (reCAPTCHA: score 0.1), 'error' (the challenge itself fails in the browser); anything else
 * passes. Turnstile's always-failing test site key 2x00000000000000000000AB fails too. */
(function () {
  'use strict';
  var KNOB = 'verification-double';
  var FAILING_SITE_KEY = '2x00000000000000000000AB';
  var DELAY_MS = 30;

  function outcome() {
    try {
      return window.localStorage.getItem(KNOB) || 'pass';
    } catch (e) {
      return 'pass';
    }
  }

  function base64url(value) {
    return window.btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }

  function mint(api, action) {
    var chosen = outcome();
    var kind = chosen === 'fail' || chosen === 'low-score' ? chosen : 'pass';
    var random = Math.random().toString(36).slice(2) + Date.now().toString(36);
    var payload = base64url({ hostname: window.location.hostname, action: action || '', api: api });
    return 'double.' + kind + '.' + payload + '.' + random;
  }

  function fails(siteKey) {
    return siteKey === FAILING_SITE_KEY || outcome() === 'error';
  }

  window.grecaptcha = {
    ready: function (callback) {
      window.setTimeout(callback, 0);
    },
    execute: function (siteKey, options) {
      return new Promise(function (resolve, reject) {
        window.setTimeout(function () {
          if (fails(siteKey)) reject(new Error('The verification double failed the challenge.'));
          else resolve(mint('grecaptcha', options && options.action));
        }, DELAY_MS);
      });
    },
  };

  var widgets = {};
  var count = 0;

  function run(id) {
    var options = widgets[id];
    if (!options) return;
    if (fails(options.sitekey)) {
      if (typeof options['error-callback'] === 'function') options['error-callback']('double-failed');
      return;
    }
    if (typeof options.callback === 'function') options.callback(mint('turnstile', options.action));
  }

  window.turnstile = {
    render: function (_container, options) {
      count += 1;
      var id = 'verification-double-' + count;
      widgets[id] = options || {};
      window.setTimeout(function () {
        run(id);
      }, DELAY_MS);
      return id;
    },
    reset: function (id) {
      window.setTimeout(function () {
        run(id);
      }, DELAY_MS);
    },
    remove: function (id) {
      delete widgets[id];
    },
  };
})();
