/* global embed -- the SDK's script tag defines it */
// Plain script, as the platform's published samples are: init with one callback, alert/confirm/prompt.
embed.init(function (data) {
  document.getElementById('status').textContent = 'Ready: language ' + data.language + ', opened from ' + data.context.type;
  // Shows in the host's bridge log, beside the bridge calls.
  console.log('sample ready', data.context);
});
document.getElementById('fail').onclick = function () {
  fetch('./no-such-api').then(function (r) {
    console.warn('the API answered', r.status);
  });
};
document.getElementById('profile').onclick = function () {
  embed.getProfile().then(
    function (p) {
      window.alert('Hello, ' + p.displayName + ' (' + p.userId + ')');
    },
    function (e) {
      window.alert('getProfile failed: ' + e.code);
    },
  );
};
document.getElementById('ask').onclick = function () {
  if (!window.confirm('Send "Hi from the sample" to this chat?')) return;
  embed.sendMessages([{ type: 'text', text: 'Hi from the sample' }]).then(
    function () {
      window.alert('Sent');
    },
    function (e) {
      window.alert('sendMessages failed: ' + e.code + ' ' + e.message);
    },
  );
};
document.getElementById('name').onclick = function () {
  var text = window.prompt('Your message', 'Hello!');
  if (text)
    embed.sendMessages([{ type: 'text', text: text }]).catch(function (e) {
      window.alert(e.message);
    });
};
// A flex message whose box action and maxLines need the mobile app 8.11.0 (spec Versioning), with
// quick reply buttons (8.11.0 too): switch the host's device to see an older client's view.
document.getElementById('versions').onclick = function () {
  var long =
    'This text is clamped to two lines with maxLines on 8.11.0 and later; an older client ignores maxLines and shows every line of it, as you can see now.';
  embed
    .sendMessages([
      {
        type: 'flex',
        altText: 'Older clients draw this differently',
        contents: {
          type: 'bubble',
          body: {
            type: 'box',
            layout: 'vertical',
            spacing: 'sm',
            action: { type: 'message', label: 'Tap the box', text: 'I tapped the box' },
            contents: [
              { type: 'text', text: 'Tap this box', weight: 'bold' },
              { type: 'text', text: long, wrap: true, maxLines: 2 },
            ],
          },
        },
        quickReply: {
          items: [
            { type: 'action', action: { type: 'message', label: 'Looks right', text: 'Looks right' } },
            { type: 'action', action: { type: 'datetimepicker', label: 'Pick a date', data: 'date', mode: 'date' } },
          ],
        },
      },
    ])
    .catch(function (e) {
      window.alert('sendMessages failed: ' + e.code + ' ' + (e.message || ''));
    });
};
