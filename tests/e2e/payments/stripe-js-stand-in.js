// A stand-in for Stripe.js (https://js.stripe.com/<release>/stripe.js), which cannot be downloaded here. Playwright
// serves this file for every https://js.stripe.com/** request (tests/e2e/payments/stripe-routes.ts).
//
// It stands in for exactly what our payment page uses: window.Stripe(publishableKey, options) with elements(),
// elements.create('payment'), element.mount/on/off/update/destroy, confirmPayment({ elements, confirmParams,
// redirect }) and retrievePaymentIntent(clientSecret); plus the few members @stripe/stripe-js and
// @stripe/react-stripe-js check (createToken, createPaymentMethod, confirmCardPayment, registerAppInfo,
// _registerWrapper). Instead of Stripe's iframe, the "Payment Element" is a plain form in the page: tabs in the
// order of paymentMethodOrder and a card number field. Confirming calls https://api.stripe.com/v1/payment_intents/
// {id}/confirm with the publishable key and client secret, as Stripe.js does; Playwright routes that to the local
// stand-in of Stripe's API, which changes the intent and sends the signed webhook to the app.
// The options the page passed are kept in window.__stripeStandIn so tests can check them.
(function () {
  var API = "https://api.stripe.com/v1";
  var state = (window.__stripeStandIn = { publishableKey: null, stripeOptions: null, elementsOptions: null, paymentElementOptions: null });
  var TAB_LABELS = { card: "Tarjeta", apple_pay: "Apple Pay", google_pay: "Google Pay" };

  function intentId(clientSecret) {
    return String(clientSecret).split("_secret_")[0];
  }

  function createPaymentElement(options) {
    var handlers = {};
    var root = null;
    var cardInput = null;
    var element = {
      mount: function (target) {
        var node = typeof target === "string" ? document.querySelector(target) : target;
        root = document.createElement("div");
        root.setAttribute("data-testid", "stripe-payment-element");
        var tabs = document.createElement("div");
        tabs.setAttribute("role", "tablist");
        (options.paymentMethodOrder || ["card"]).forEach(function (type, i) {
          var tab = document.createElement("button");
          tab.type = "button";
          tab.setAttribute("role", "tab");
          tab.setAttribute("aria-selected", i === 0 ? "true" : "false");
          tab.textContent = TAB_LABELS[type] || type;
          tab.style.cssText = "padding:6px 12px;margin-right:6px;border:1px solid #ccc;border-radius:6px;" + (i === 0 ? "border-color:#0f766e;font-weight:600" : "");
          tabs.appendChild(tab);
        });
        var label = document.createElement("label");
        label.textContent = "Número de tarjeta";
        label.style.cssText = "display:block;margin-top:12px;font-size:14px";
        cardInput = document.createElement("input");
        cardInput.placeholder = "1234 1234 1234 1234";
        cardInput.autocomplete = "cc-number";
        cardInput.style.cssText = "display:block;width:100%;margin-top:4px;padding:8px;border:1px solid #ccc;border-radius:6px";
        label.appendChild(cardInput);
        root.appendChild(tabs);
        root.appendChild(label);
        node.appendChild(root);
        setTimeout(function () {
          (handlers.ready || []).forEach(function (fn) {
            fn({ elementType: "payment" });
          });
        }, 0);
      },
      on: function (event, fn) {
        (handlers[event] = handlers[event] || []).push(fn);
        return element;
      },
      off: function (event, fn) {
        handlers[event] = (handlers[event] || []).filter(function (h) {
          return h !== fn;
        });
        return element;
      },
      update: function () {},
      unmount: function () {},
      destroy: function () {
        if (root && root.parentNode) root.parentNode.removeChild(root);
      },
      _cardNumber: function () {
        return cardInput ? cardInput.value.replace(/\s/g, "") : "";
      },
    };
    return element;
  }

  function Stripe(publishableKey, stripeOptions) {
    state.publishableKey = publishableKey;
    state.stripeOptions = stripeOptions || {};
    var paymentElement = null;

    function post(path, params) {
      return fetch(API + path, { method: "POST", body: new URLSearchParams(params) }).then(function (r) {
        return r.json();
      });
    }

    return {
      elements: function (elementsOptions) {
        state.elementsOptions = elementsOptions || {};
        return {
          _options: state.elementsOptions,
          create: function (type, options) {
            if (type !== "payment") throw new Error("The Stripe.js stand-in only has the Payment Element");
            state.paymentElementOptions = options || {};
            paymentElement = createPaymentElement(state.paymentElementOptions);
            return paymentElement;
          },
          getElement: function () {
            return paymentElement;
          },
          update: function () {},
          submit: function () {
            return Promise.resolve({});
          },
        };
      },
      confirmPayment: function (args) {
        var clientSecret = args.elements._options.clientSecret;
        var card = paymentElement ? paymentElement._cardNumber() : "";
        if (card.length < 12) {
          return Promise.resolve({ error: { type: "validation_error", code: "incomplete_number", message: "El número de tarjeta está incompleto." } });
        }
        return post("/payment_intents/" + intentId(clientSecret) + "/confirm", {
          key: publishableKey,
          client_secret: clientSecret,
          "payment_method_data[type]": "card",
          "payment_method_data[card][number]": card,
          return_url: args.confirmParams && args.confirmParams.return_url,
        }).then(function (intent) {
          if (intent.error) return { error: intent.error };
          // Like Stripe.js: a decline is an error; other statuses come back as the PaymentIntent.
          if (intent.status === "requires_payment_method" && intent.last_payment_error) {
            return { error: { type: "card_error", code: "card_declined", message: "Tu tarjeta ha sido rechazada.", payment_intent: intent } };
          }
          if (args.redirect !== "if_required" && args.confirmParams && args.confirmParams.return_url) {
            var url = new URL(args.confirmParams.return_url);
            url.searchParams.set("payment_intent", intent.id);
            url.searchParams.set("payment_intent_client_secret", clientSecret);
            url.searchParams.set("redirect_status", intent.status === "succeeded" ? "succeeded" : "failed");
            window.location.assign(url.toString());
            return new Promise(function () {});
          }
          return { paymentIntent: intent };
        });
      },
      retrievePaymentIntent: function (clientSecret) {
        var query = new URLSearchParams({ key: publishableKey, client_secret: clientSecret });
        return fetch(API + "/payment_intents/" + intentId(clientSecret) + "?" + query)
          .then(function (r) {
            return r.json();
          })
          .then(function (intent) {
            return intent.error ? { error: intent.error } : { paymentIntent: intent };
          });
      },
      createToken: function () {
        return Promise.reject(new Error("not in the stand-in"));
      },
      createPaymentMethod: function () {
        return Promise.reject(new Error("not in the stand-in"));
      },
      confirmCardPayment: function () {
        return Promise.reject(new Error("not in the stand-in"));
      },
      registerAppInfo: function () {},
      _registerWrapper: function () {},
    };
  }
  Stripe.version = "endive";
  window.Stripe = Stripe;
})();
