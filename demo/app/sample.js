// Plain script, as the platform's published samples are: init with one callback, alert/confirm/prompt.
embed.init(function (data) {
  document.getElementById('status').textContent = 'Ready: language ' + data.language + ', opened from ' + data.context.type;
  // Shows in the host's bridge log, beside the bridge calls.
  console.log('sample ready', data.context);
});
document.getElementById('fail').onclick = function () {
  fetch('./no-such-api').then(function (r) { console.warn('the API answered', r.status); });
};
document.getElementById('profile').onclick = function () {
  embed.getProfile().then(
    function (p) { window.alert('Hello, ' + p.displayName + ' (' + p.userId + ')'); },
    function (e) { window.alert('getProfile failed: ' + e.code); },
  );
};
document.getElementById('ask').onclick = function () {
  if (!window.confirm('Send "Hi from the sample" to this chat?')) return;
  embed.sendMessages([{ type: 'text', text: 'Hi from the sample' }]).then(
    function () { window.alert('Sent'); },
    function (e) { window.alert('sendMessages failed: ' + e.code + ' ' + e.message); },
  );
};
document.getElementById('name').onclick = function () {
  var text = window.prompt('Your message', 'Hello!');
  if (text) embed.sendMessages([{ type: 'text', text: text }]).catch(function (e) { window.alert(e.message); });
};
