/**
 * The several-phones page (`/?users=a,b[,c,d]`): one phone per user side by side, each a whole host
 * in its own frame (`phone=1`), and one live feed relayed to all of them (simulator-api/live-feed.ts), so that what
 * one person sends appears in the others' phones at once. Links add or remove a phone.
 */
import { h, replaceChildren } from '../shared/dom.js';
import { relayLive } from '../simulator-api/live-feed.js';
import { findUser, type World } from '../state/world.js';
import { MAX_PHONES, MIN_PHONES, phoneFrameUrl, phonesUrl, singlePhoneUrl, type PhoneUsers } from './urls.js';

/**
 * Replaces the page's layout with the phones of `phones.userIds`.
 * @param search the page's query string: the phones' chat, context, device and app come from it
 */
export function showPhones(root: HTMLElement, world: World, phones: PhoneUsers, search: string): void {
  document.body.dataset.layout = 'phones';
  relayLive(() => location.reload());
  const single = phones.userIds[0] ? singlePhoneUrl(search, phones.userIds[0]) : '/';

  const others = world.users.filter((u) => !phones.userIds.includes(u.userId));
  const add =
    phones.userIds.length < MAX_PHONES && others.length > 0
      ? h(
          'span',
          { className: 'phones-add' },
          'Add a phone: ',
          ...others.map((u) =>
            h('a', { text: u.displayName, attrs: { href: phonesUrl(search, [...phones.userIds, u.userId]), 'data-add-user': u.userId } }),
          ),
        )
      : null;
  const header = h(
    'header',
    { className: 'phones-header' },
    h('h1', { text: `${phones.userIds.length} phone${phones.userIds.length === 1 ? '' : 's'}` }),
    h('a', { text: 'Back to one phone with the panels', attrs: { href: single, id: 'phones-single' } }),
    add,
  );
  const notes: string[] = [];
  if (phones.problems.length) notes.push(`Some users in the link were left out: ${phones.problems.join('; ')}.`);
  if (phones.userIds.length < MIN_PHONES)
    notes.push(
      `Name ${MIN_PHONES} to ${MAX_PHONES} users of the scenario, e.g. ?users=${world.users
        .slice(0, 2)
        .map((u) => u.userId)
        .join(',')}.`,
    );
  const problems = notes.length ? h('p', { className: 'phones-problems', attrs: { role: 'alert' }, text: notes.join(' ') }) : null;

  const slots = phones.userIds.map((userId) => {
    const user = findUser(world, userId);
    const name = user?.displayName ?? userId;
    const remaining = phones.userIds.filter((id) => id !== userId);
    return h(
      'figure',
      { className: 'phone-slot', attrs: { 'data-user-id': userId } },
      h(
        'figcaption',
        {},
        h('strong', { text: name }),
        h('span', { className: 'mono', text: userId }),
        // That person's host with its panels (bridge log, webhooks), beside this page.
        h('a', {
          text: 'With panels',
          attrs: {
            href: singlePhoneUrl(search, userId),
            target: '_blank',
            rel: 'noopener',
            'aria-label': `${name}'s phone with the panels, in a new tab`,
          },
        }),
        remaining.length >= 1
          ? h('a', {
              text: 'Remove',
              attrs: {
                href: remaining.length === 1 ? singlePhoneUrl(search, remaining[0]!) : phonesUrl(search, remaining),
                'aria-label': `Remove ${name}'s phone`,
              },
            })
          : null,
      ),
      h('iframe', { className: 'phone-frame', attrs: { src: phoneFrameUrl(search, userId), title: `${name}'s phone` } }),
    );
  });
  replaceChildren(root, [h('div', { className: 'phones' }, header, problems, h('div', { className: 'phones-row' }, ...slots))]);
}
