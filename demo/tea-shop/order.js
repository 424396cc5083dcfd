// The order confirmation page (LINE Pay's confirmUrl): LINE Pay sent the person here with
// transactionId and orderId; the shop's server confirms the payment and reads its details.
const query = new URLSearchParams(location.search);
const status = document.getElementById('order-status');
fetch('/demo/bot/tea-shop/confirm', {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ transactionId: query.get('transactionId'), orderId: query.get('orderId') }),
})
  .then(function (r) {
    return r.json();
  })
  .then(function (b) {
    if (!b.payment) {
      status.textContent = 'Payment not confirmed: ' + (b.returnCode ? b.returnCode + ' ' + b.returnMessage : b.message);
      status.dataset.returnCode = b.returnCode || '';
      return;
    }
    status.textContent = 'Payment confirmed. Thank you!';
    status.dataset.returnCode = b.returnCode;
    document.getElementById('order-id').textContent = b.payment.orderId;
    document.getElementById('order-transaction').textContent = b.payment.transactionId;
    document.getElementById('order-product').textContent = b.payment.productName;
    document.getElementById('order-paid').textContent = b.payment.payInfo
      .map(function (p) {
        return p.method + ' NT$ ' + p.amount;
      })
      .join(', ');
    document.getElementById('order-pay-status').textContent = b.payment.payStatus;
    document.getElementById('order-details').hidden = false;
  })
  .catch(function (e) {
    status.textContent = 'The shop could not be reached: ' + e.message;
  });
