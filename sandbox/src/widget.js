// The gateway's card widget. Talks to its parent page only through postMessage, and only to
// the parent origin the page was opened for. Card data goes to the gateway, never the parent.
// Its texts are the page's (the form's data-texts, in the page's language), and the charge is
// asked to answer in the page's language (<html lang>).
(function () {
  'use strict';
  var SOURCE = 'coverline-gateway';

  function send(origin, message) {
    if (!origin || window.parent === window) return;
    try {
      window.parent.postMessage(message, origin);
    } catch (e) {
      // An unusable origin: there is nobody to tell.
    }
  }

  var failure = document.getElementById('gateway-failure');
  if (failure) {
    send(failure.getAttribute('data-parent-origin'), {
      source: SOURCE,
      type: 'error',
      message: failure.getAttribute('data-message')
    });
    return;
  }

  var form = document.getElementById('payment-form');
  if (!form) return;
  var parentOrigin = form.getAttribute('data-parent-origin');
  var signedRequest = form.getAttribute('data-request');
  var texts = JSON.parse(form.getAttribute('data-texts'));
  var button = document.getElementById('pay-button');
  var formMessage = document.getElementById('form-message');
  var approved = document.getElementById('approved');

  function digits(value) {
    return value.replace(/[\s-]/g, '');
  }

  function luhn(number) {
    if (!/^\d{12,19}$/.test(number)) return false;
    var sum = 0;
    for (var i = 0; i < number.length; i++) {
      var d = number.charCodeAt(number.length - 1 - i) - 48;
      if (i % 2 === 1) {
        d *= 2;
        if (d > 9) d -= 9;
      }
      sum += d;
    }
    return sum % 10 === 0;
  }

  function expiryOk(value) {
    var m = /^(\d{2})\/(\d{2})$/.exec(value.replace(/\s/g, ''));
    if (!m) return false;
    var month = Number(m[1]);
    var year = 2000 + Number(m[2]);
    if (month < 1 || month > 12) return false;
    var now = new Date();
    var thisYear = now.getUTCFullYear();
    var thisMonth = now.getUTCMonth() + 1;
    return year > thisYear || (year === thisYear && month >= thisMonth);
  }

  var fields = [
    { id: 'card-number', check: function (v) { return luhn(digits(v)) ? '' : texts.cardNumberInvalid; } },
    { id: 'card-expiry', check: function (v) { return expiryOk(v) ? '' : texts.expiryInvalid; } },
    { id: 'card-cvc', check: function (v) { return /^\d{3,4}$/.test(v.trim()) ? '' : texts.cvcInvalid; } },
    { id: 'card-zip', check: function (v) { return /^\d{5}$/.test(v.trim()) ? '' : texts.zipInvalid; } }
  ];

  function input(id) {
    return document.getElementById(id);
  }

  function showFieldError(id, text) {
    var error = document.getElementById(id + '-error');
    error.textContent = text;
    error.hidden = !text;
    input(id).setAttribute('aria-invalid', text ? 'true' : 'false');
  }

  function validate() {
    var firstInvalid = null;
    fields.forEach(function (field) {
      var text = field.check(input(field.id).value);
      showFieldError(field.id, text);
      if (text && !firstInvalid) firstInvalid = input(field.id);
    });
    if (firstInvalid) firstInvalid.focus();
    return !firstInvalid;
  }

  fields.forEach(function (field) {
    input(field.id).addEventListener('blur', function () {
      if (input(field.id).value) showFieldError(field.id, field.check(input(field.id).value));
    });
  });

  function showMessage(text) {
    formMessage.textContent = text;
    formMessage.hidden = !text;
  }

  function busy(isBusy) {
    button.disabled = isBusy;
    button.textContent = isBusy ? texts.processing : texts.pay;
  }

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    showMessage('');
    if (!validate()) return;
    busy(true);
    fetch('v1/charge', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      credentials: 'omit',
      body: JSON.stringify({
        request: signedRequest,
        locale: document.documentElement.lang,
        cardNumber: digits(input('card-number').value),
        expiry: input('card-expiry').value.replace(/\s/g, ''),
        cvc: input('card-cvc').value.trim(),
        zip: input('card-zip').value.trim()
      })
    })
      .then(function (response) {
        return response.json().then(function (body) { return body || {}; }, function () {
          return { status: response.status, error: { error_message: texts.notCompleted } };
        });
      })
      .then(function (body) {
        if (body.status === 200 && body.data && body.data.result) {
          form.hidden = true;
          approved.hidden = false;
          send(parentOrigin, { source: SOURCE, type: 'result', result: body.data.result });
          return;
        }
        var text = (body.error && body.error.error_message) || texts.notCompleted;
        showMessage(text);
        if (body.status === 422) {
          // A card field the gateway refused (number, expiry, CVC, ZIP): fix it and pay again.
          busy(false);
          input('card-number').focus();
          return;
        }
        // The charge failed (declined, insufficient funds, no answer from the processor) or the
        // request cannot be paid (invalid, expired or used): the parent page takes over and starts
        // a new payment when the member retries.
        button.disabled = true;
        button.textContent = texts.pay;
        send(parentOrigin, { source: SOURCE, type: 'error', message: text, status: body.status });
      })
      .catch(function () {
        showMessage(texts.unreachable);
        busy(false);
      });
  });

  send(parentOrigin, { source: SOURCE, type: 'ready' });
})();
