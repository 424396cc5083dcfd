// The Tea House's menu: Buy asks the shop's server for a LINE Pay payment, then goes to LINE Pay's
// payment page (info.paymentUrl.web), as a MINI App in LINE Pay's sandbox does.
const notice = document.getElementById('notice');
function say(text) {
  notice.textContent = text;
  notice.hidden = false;
}
if (new URLSearchParams(location.search).get('cancelled') === '1') say('Payment cancelled: nothing was charged.');

function buy(item) {
  say('Opening LINE Pay…');
  fetch('/demo/bot/tea-shop/order', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ itemId: item.id, quantity: 1 }),
  })
    .then(function (r) {
      return r.json().then(function (b) {
        if (!r.ok) throw new Error(b.returnCode ? b.returnCode + ' ' + b.returnMessage : b.message);
        location.href = b.paymentUrl.web;
      });
    })
    .catch(function (e) {
      say('LINE Pay refused the order: ' + e.message);
    });
}

fetch('/demo/bot/tea-shop/menu')
  .then(function (r) {
    return r.json();
  })
  .then(function (menu) {
    const list = document.getElementById('menu');
    menu.items.forEach(function (item) {
      const row = document.createElement('div');
      row.className = 'item';
      const name = document.createElement('span');
      name.textContent = item.name + ' · NT$ ' + item.price;
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'Buy with LINE Pay';
      button.dataset.item = item.id;
      button.onclick = function () {
        buy(item);
      };
      row.append(name, button);
      list.append(row);
    });
  });
