/** Rich menus: CRUD, image upload/download with its checks, default and per-user menus, bulk calls, aliases, and what the host is shown. */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Embedkit } from '../../src/kit/embedkit.js';
import { binaryBody } from '../helpers.js';
import { ALICE, BOB, bearer, botToken, openBotKit, VERIFIED, TRIAL } from './helpers.js';
import { jpeg, png } from './rich-menu-images.js';

const MENU = {
  size: { width: 2500, height: 843 },
  selected: true,
  name: 'Main',
  chatBarText: 'Menu',
  areas: [
    { bounds: { x: 0, y: 0, width: 1250, height: 843 }, action: { type: 'postback', label: 'Points', data: 'action=points' } },
    { bounds: { x: 1250, y: 0, width: 1250, height: 843 }, action: { type: 'message', label: 'Help', text: 'help' } },
  ],
};

let kit: Embedkit;
let token: string;
beforeEach(async () => ({ kit, token } = await openBotKit()));
afterEach(() => kit.close());

async function create(menu: object = MENU, t = token): Promise<string> {
  const res = await request(kit.app).post('/v2/bot/richmenu').set(bearer(t)).send(menu);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.richMenuId).toMatch(/^richmenu-[0-9a-f]{32}$/);
  return res.body.richMenuId;
}
const upload = (id: string, data: Buffer, type = 'image/png', t = token) =>
  request(kit.app).post(`/v2/bot/richmenu/${id}/content`).set(bearer(t)).set('Content-Type', type).send(data);
async function ready(menu: object = MENU): Promise<string> {
  const id = await create(menu);
  expect((await upload(id, png(2500, (menu as typeof MENU).size.height))).status).toBe(200);
  return id;
}

describe('rich menu objects', () => {
  it('creates, gets, lists and deletes a menu', async () => {
    const id = await create();
    const got = await request(kit.app).get(`/v2/bot/richmenu/${id}`).set(bearer(token));
    expect(got.body).toEqual({ richMenuId: id, ...MENU });
    const list = await request(kit.app).get('/v2/bot/richmenu/list').set(bearer(token));
    expect(list.body.richmenus.map((m: { richMenuId: string }) => m.richMenuId)).toEqual([id]);
    expect((await request(kit.app).delete(`/v2/bot/richmenu/${id}`).set(bearer(token))).status).toBe(200);
    const gone = await request(kit.app).get(`/v2/bot/richmenu/${id}`).set(bearer(token));
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ message: 'Not found' });
  });

  it('refuses an invalid menu with details and stores nothing; validate checks without storing', async () => {
    const bad = {
      ...MENU,
      chatBarText: 'x'.repeat(15),
      areas: [{ bounds: { x: 2000, y: 0, width: 1000, height: 100 }, action: MENU.areas[0]!.action }],
    };
    const res = await request(kit.app).post('/v2/bot/richmenu').set(bearer(token)).send(bad);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^The request body has \d+ error\(s\)$/);
    expect(res.body.details.map((d: { property: string }) => d.property)).toContain('chatBarText');
    expect((await request(kit.app).get('/v2/bot/richmenu/list').set(bearer(token))).body.richmenus).toEqual([]);
    expect((await request(kit.app).post('/v2/bot/richmenu/validate').set(bearer(token)).send(MENU)).status).toBe(200);
    expect((await request(kit.app).post('/v2/bot/richmenu/validate').set(bearer(token)).send(bad)).status).toBe(400);
    expect((await request(kit.app).get('/v2/bot/richmenu/list').set(bearer(token))).body.richmenus).toEqual([]);
  });

  it('needs a valid token and keeps each bot to its own menus', async () => {
    expect((await request(kit.app).get('/v2/bot/richmenu/list')).status).toBe(401);
    expect((await request(kit.app).post('/v2/bot/richmenu').set(bearer('nope')).send(MENU)).status).toBe(401);
    const id = await create();
    const other = await botToken(kit, VERIFIED);
    expect((await request(kit.app).get(`/v2/bot/richmenu/${id}`).set(bearer(other))).status).toBe(404);
    expect((await request(kit.app).delete(`/v2/bot/richmenu/${id}`).set(bearer(other))).status).toBe(404);
    expect((await request(kit.app).get(`/v2/bot/richmenu/${id}`).set(bearer(token))).status).toBe(200);
  });
});

describe('rich menu image', () => {
  it('accepts one PNG of exactly the menu size and serves it back', async () => {
    const id = await create();
    const image = png(2500, 843);
    expect((await upload(id, image)).status).toBe(200);
    const down = await request(kit.app).get(`/v2/bot/richmenu/${id}/content`).set(bearer(token)).buffer(true).parse(binaryBody);
    expect(down.status).toBe(200);
    expect(down.headers['content-type']).toMatch(/^image\/png/);
    expect(Buffer.compare(down.body as Buffer, image)).toBe(0);
    const again = await upload(id, image);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('An image has already been uploaded to the richmenu');
  });

  it('accepts a JPEG of the large size', async () => {
    const id = await create({ ...MENU, size: { width: 2500, height: 1686 } });
    expect((await upload(id, jpeg(2500, 1686), 'image/jpeg')).status).toBe(200);
  });

  it('refuses a wrong size, a wrong type, a mislabelled image, over 1 MB, and keeps the menu imageless', async () => {
    const id = await create();
    const wrongSize = await upload(id, png(2500, 1686));
    expect(wrongSize.status).toBe(400);
    expect(wrongSize.body.message).toContain('2500x843');
    expect((await upload(id, png(2500, 843), 'image/gif')).status).toBe(400);
    expect((await upload(id, jpeg(2500, 843), 'image/png')).status).toBe(400);
    expect((await upload(id, Buffer.from('not an image'))).status).toBe(400);
    const big = Buffer.concat([png(2500, 843), Buffer.alloc(1024 * 1024)]);
    const tooBig = await upload(id, big);
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.message).toContain('1048576 bytes');
    expect((await request(kit.app).get(`/v2/bot/richmenu/${id}/content`).set(bearer(token))).status).toBe(404);
    expect((await upload(id, png(2500, 843))).status).toBe(200);
  });

  it('answers 404 for an upload to an unknown menu', async () => {
    expect((await upload('richmenu-00000000000000000000000000000000', png(2500, 843))).status).toBe(404);
  });
});

describe('default and per-user menus', () => {
  it('needs an image before a menu is applied', async () => {
    const id = await create();
    const res = await request(kit.app).post(`/v2/bot/user/all/richmenu/${id}`).set(bearer(token));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('must upload richmenu image before applying it to user');
    expect((await request(kit.app).post(`/v2/bot/user/${ALICE}/richmenu/${id}`).set(bearer(token))).status).toBe(400);
  });

  it('sets, gets and cancels the default; the host shows it to every user', async () => {
    expect((await request(kit.app).get('/v2/bot/user/all/richmenu').set(bearer(token))).status).toBe(404);
    const id = await ready();
    expect((await request(kit.app).post(`/v2/bot/user/all/richmenu/${id}`).set(bearer(token))).status).toBe(200);
    expect((await request(kit.app).get('/v2/bot/user/all/richmenu').set(bearer(token))).body).toEqual({ richMenuId: id });
    const shown = await request(kit.app).get(`/embedkit/v1/channels/${TRIAL.id}/rich-menu?userId=${BOB}`);
    expect(shown.body.richMenu).toMatchObject({ richMenuId: id, chatBarText: 'Menu', selected: true });
    expect((await request(kit.app).delete('/v2/bot/user/all/richmenu').set(bearer(token))).status).toBe(200);
    expect((await request(kit.app).get(`/embedkit/v1/channels/${TRIAL.id}/rich-menu?userId=${BOB}`)).body.richMenu).toBeNull();
  });

  it('a per-user menu wins over the default; unlinking falls back to it', async () => {
    const main = await ready();
    const vip = await ready({ ...MENU, name: 'VIP', chatBarText: 'VIP' });
    await request(kit.app).post(`/v2/bot/user/all/richmenu/${main}`).set(bearer(token));
    expect((await request(kit.app).post(`/v2/bot/user/${ALICE}/richmenu/${vip}`).set(bearer(token))).status).toBe(200);
    expect((await request(kit.app).get(`/v2/bot/user/${ALICE}/richmenu`).set(bearer(token))).body).toEqual({ richMenuId: vip });
    const bobNone = await request(kit.app).get(`/v2/bot/user/${BOB}/richmenu`).set(bearer(token));
    expect(bobNone.status).toBe(404);
    expect(bobNone.body.message).toBe('the user has no richmenu');
    const shownTo = async (u: string) =>
      (await request(kit.app).get(`/embedkit/v1/channels/${TRIAL.id}/rich-menu?userId=${u}`)).body.richMenu.chatBarText;
    expect(await shownTo(ALICE)).toBe('VIP');
    expect(await shownTo(BOB)).toBe('Menu');
    await request(kit.app).delete(`/v2/bot/user/${ALICE}/richmenu`).set(bearer(token));
    expect(await shownTo(ALICE)).toBe('Menu');
  });

  it('bulk links and unlinks up to 500 users', async () => {
    const id = await ready();
    const link = await request(kit.app)
      .post('/v2/bot/richmenu/bulk/link')
      .set(bearer(token))
      .send({ richMenuId: id, userIds: [ALICE, BOB] });
    expect(link.status).toBe(202);
    expect((await request(kit.app).get(`/v2/bot/user/${BOB}/richmenu`).set(bearer(token))).body).toEqual({ richMenuId: id });
    const tooMany = await request(kit.app)
      .post('/v2/bot/richmenu/bulk/link')
      .set(bearer(token))
      .send({ richMenuId: id, userIds: Array.from({ length: 501 }, (_, i) => `U${i}`) });
    expect(tooMany.status).toBe(400);
    expect((await request(kit.app).post('/v2/bot/richmenu/bulk/unlink').set(bearer(token)).send({ userIds: [] })).status).toBe(400);
    expect(
      (
        await request(kit.app)
          .post('/v2/bot/richmenu/bulk/unlink')
          .set(bearer(token))
          .send({ userIds: [ALICE, BOB] })
      ).status,
    ).toBe(202);
    expect((await request(kit.app).get(`/v2/bot/user/${ALICE}/richmenu`).set(bearer(token))).status).toBe(404);
  });

  it('deleting a menu unlinks it', async () => {
    const id = await ready();
    await request(kit.app).post(`/v2/bot/user/${ALICE}/richmenu/${id}`).set(bearer(token));
    await request(kit.app).post(`/v2/bot/user/all/richmenu/${id}`).set(bearer(token));
    await request(kit.app).delete(`/v2/bot/richmenu/${id}`).set(bearer(token));
    expect((await request(kit.app).get(`/v2/bot/user/${ALICE}/richmenu`).set(bearer(token))).status).toBe(404);
    expect((await request(kit.app).get('/v2/bot/user/all/richmenu').set(bearer(token))).status).toBe(404);
  });
});

describe('aliases', () => {
  it('creates, updates, gets, lists and deletes aliases; the host resolves them', async () => {
    const a = await ready();
    const b = await ready({ ...MENU, chatBarText: 'Page 2' });
    expect(
      (await request(kit.app).post('/v2/bot/richmenu/alias').set(bearer(token)).send({ richMenuAliasId: 'page-1', richMenuId: a })).status,
    ).toBe(200);
    const dup = await request(kit.app).post('/v2/bot/richmenu/alias').set(bearer(token)).send({ richMenuAliasId: 'page-1', richMenuId: b });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toBe('conflict richmenu alias id');
    const badId = await request(kit.app)
      .post('/v2/bot/richmenu/alias')
      .set(bearer(token))
      .send({ richMenuAliasId: 'bad id!', richMenuId: b });
    expect(badId.status).toBe(400);
    expect(badId.body).toEqual({
      message: 'The request body has 1 error(s)',
      details: [{ message: 'richMenuAliasId may contain only A-Z, a-z, 0-9, _ and -', property: 'richMenuAliasId' }],
    });
    // Refused at the door: no alias was written.
    expect((await request(kit.app).get('/v2/bot/richmenu/alias/bad%20id!').set(bearer(token))).status).toBe(404);
    expect((await request(kit.app).post('/v2/bot/richmenu/alias/page-1').set(bearer(token)).send({ richMenuId: b })).status).toBe(200);
    expect((await request(kit.app).get('/v2/bot/richmenu/alias/page-1').set(bearer(token))).body).toEqual({
      richMenuAliasId: 'page-1',
      richMenuId: b,
    });
    expect((await request(kit.app).get('/v2/bot/richmenu/alias/list').set(bearer(token))).body).toEqual({
      aliases: [{ richMenuAliasId: 'page-1', richMenuId: b }],
    });
    expect((await request(kit.app).get(`/embedkit/v1/channels/${TRIAL.id}/rich-menu-aliases/page-1`)).body.richMenu.chatBarText).toBe(
      'Page 2',
    );
    expect((await request(kit.app).delete('/v2/bot/richmenu/alias/page-1').set(bearer(token))).status).toBe(200);
    expect((await request(kit.app).get('/v2/bot/richmenu/alias/page-1').set(bearer(token))).status).toBe(404);
    expect((await request(kit.app).post('/v2/bot/richmenu/alias/page-1').set(bearer(token)).send({ richMenuId: a })).status).toBe(404);
  });
});

describe('rich menu batch', () => {
  const post = (path: string, body: unknown) =>
    request(kit.app)
      .post(path)
      .set(bearer(token))
      .send(body as object);

  it('moves the users of one menu to another, unlinks, and reports the request as done', async () => {
    const a = await ready();
    const b = await ready();
    for (const u of [ALICE, BOB])
      expect((await request(kit.app).post(`/v2/bot/user/${u}/richmenu/${a}`).set(bearer(token))).status).toBe(200);
    const ok = await post('/v2/bot/richmenu/batch', { operations: [{ type: 'link', from: a, to: b }], resumeRequestKey: 'k1' });
    expect(ok.status).toBe(202);
    const requestId = ok.headers['x-service-request-id'];
    for (const u of [ALICE, BOB])
      expect((await request(kit.app).get(`/v2/bot/user/${u}/richmenu`).set(bearer(token))).body.richMenuId).toBe(b);
    const progress = await request(kit.app).get(`/v2/bot/richmenu/progress/batch?requestId=${requestId}`).set(bearer(token));
    expect(progress.body).toEqual({
      phase: 'succeeded',
      acceptedTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      completedTime: expect.any(String),
    });
    const reused = await post('/v2/bot/richmenu/batch', { operations: [{ type: 'unlinkAll' }], resumeRequestKey: 'k1' });
    expect(reused.body.details).toEqual([{ message: 'this resumeRequestKey was already used', property: 'resumeRequestKey' }]);
    expect((await post('/v2/bot/richmenu/batch', { operations: [{ type: 'unlinkAll' }] })).status).toBe(202);
    expect((await request(kit.app).get(`/v2/bot/user/${ALICE}/richmenu`).set(bearer(token))).status).toBe(404);
    expect((await request(kit.app).get('/v2/bot/richmenu/progress/batch?requestId=nope').set(bearer(token))).status).toBe(404);
  });

  it('validates without running: shape, unknown menus, a target without image', async () => {
    const noImage = await create();
    const cases: [unknown, { message: string; property: string }[]][] = [
      [{ operations: [] }, [{ message: 'must be an array of 1 to 1000 operations', property: 'operations' }]],
      [
        { operations: Array.from({ length: 1001 }, () => ({ type: 'unlinkAll' })) },
        [{ message: 'must be an array of 1 to 1000 operations', property: 'operations' }],
      ],
      [{ operations: [{ type: 'move' }] }, [{ message: 'must be one of link, unlink, unlinkAll', property: 'operations[0].type' }]],
      [
        { operations: [{ type: 'link', from: 'richmenu-x', to: 5 }] },
        [{ message: 'must be a rich menu ID', property: 'operations[0].to' }],
      ],
      [{ operations: [{ type: 'link', from: 'richmenu-x' }] }, [{ message: 'must be specified', property: 'operations[0].to' }]],
      [
        { operations: [{ type: 'link', from: noImage, to: noImage }] },
        [{ message: 'must upload richmenu image before applying it to user', property: 'operations[0].to' }],
      ],
      [
        { operations: [{ type: 'unlink', from: 'richmenu-nope' }] },
        [{ message: 'richmenu not found: richmenu-nope', property: 'operations[0].from' }],
      ],
    ];
    for (const [body, details] of cases) {
      const res = await post('/v2/bot/richmenu/validate/batch', body);
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual(details);
    }
    expect((await post('/v2/bot/richmenu/validate/batch', { operations: [{ type: 'unlinkAll' }] })).status).toBe(200);
  });
});
