// Contract test with the official Node bot SDK 11.x (`@line/bot-sdk-11`, an alias of
// @line/bot-sdk@^11; the 10.x test is contract.test.ts): the rich menu calls and the account,
// validation, sending and counting calls through `MessagingApiClient` and `MessagingApiBlobClient`,
// and a listing of every client method that fails when one not set aside below answers the
// route-missing 404.
import { channelAccessToken, HTTPFetchError, messagingApi } from '@line/bot-sdk-11';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../src/serve/start.js';
import { onTestDatabase } from '../../helpers.js';
import { ALICE, BOB, BOTS_SCENARIO, GROUP, startReceiver, TRIAL, VERIFIED, type Receiver } from '../helpers.js';
import { png } from '../rich-menu-images.js';

/** Methods not served (404 by design), by reason; the README says which. */
const SET_ASIDE: Record<string, string> = {};

let server: RunningServer;
let receiver: Receiver;
let client: messagingApi.MessagingApiClient;
let blob: messagingApi.MessagingApiBlobClient;
let verified: messagingApi.MessagingApiClient;

beforeAll(async () => {
  server = await startServer(onTestDatabase({ port: 0, inMemory: true, scenarioFile: BOTS_SCENARIO, logger: pino({ level: 'silent' }) }));
  receiver = await startReceiver();
  const tokens = new channelAccessToken.ChannelAccessTokenClient({ baseURL: server.baseUrl });
  const t = (await tokens.issueChannelToken('client_credentials', TRIAL.id, TRIAL.secret)).access_token;
  const v = (await tokens.issueChannelToken('client_credentials', VERIFIED.id, VERIFIED.secret)).access_token;
  client = new messagingApi.MessagingApiClient({ channelAccessToken: t, baseURL: server.baseUrl });
  blob = new messagingApi.MessagingApiBlobClient({ channelAccessToken: t, baseURL: server.baseUrl });
  verified = new messagingApi.MessagingApiClient({ channelAccessToken: v, baseURL: server.baseUrl });
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

describe('@line/bot-sdk 11.x', () => {
  it('rich menus: create, image, default, per-user, bulk, aliases, delete', async () => {
    const menu: messagingApi.RichMenuRequest = {
      size: { width: 2500, height: 843 },
      selected: false,
      name: 'm',
      chatBarText: 'Menu',
      areas: [{ bounds: { x: 0, y: 0, width: 2500, height: 843 }, action: { type: 'postback', label: 'Go', data: 'go' } }],
    };
    await client.validateRichMenuObject(menu);
    const { richMenuId } = await client.createRichMenu(menu);
    await blob.setRichMenuImage(richMenuId, new Blob([new Uint8Array(png(2500, 843))], { type: 'image/png' }));
    const chunks: Buffer[] = [];
    for await (const c of await blob.getRichMenuImage(richMenuId)) chunks.push(Buffer.from(c as Uint8Array));
    expect(Buffer.concat(chunks).equals(png(2500, 843))).toBe(true);
    expect(await client.getRichMenu(richMenuId)).toMatchObject({ richMenuId, chatBarText: 'Menu' });
    expect((await client.getRichMenuList()).richmenus.map((m) => m.richMenuId)).toContain(richMenuId);
    await client.setDefaultRichMenu(richMenuId);
    expect((await client.getDefaultRichMenuId()).richMenuId).toBe(richMenuId);
    await client.linkRichMenuIdToUser(ALICE, richMenuId);
    expect((await client.getRichMenuIdOfUser(ALICE)).richMenuId).toBe(richMenuId);
    await client.unlinkRichMenuIdFromUser(ALICE);
    await client.linkRichMenuIdToUsers({ richMenuId, userIds: [ALICE, BOB] });
    await client.unlinkRichMenuIdFromUsers({ userIds: [ALICE, BOB] });
    await client.createRichMenuAlias({ richMenuAliasId: 'a1', richMenuId });
    await client.updateRichMenuAlias('a1', { richMenuId });
    expect(await client.getRichMenuAlias('a1')).toEqual({ richMenuAliasId: 'a1', richMenuId });
    expect((await client.getRichMenuAliasList()).aliases).toHaveLength(1);
    await client.deleteRichMenuAlias('a1');
    // Batch: every user of the menu moves to a second one, then all are unlinked.
    const second = (await client.createRichMenu(menu)).richMenuId;
    await blob.setRichMenuImage(second, new Blob([new Uint8Array(png(2500, 843))], { type: 'image/png' }));
    await client.linkRichMenuIdToUser(ALICE, richMenuId);
    const batch = { operations: [{ type: 'link' as const, from: richMenuId, to: second }] };
    await client.validateRichMenuBatchRequest(batch);
    const sent = await client.richMenuBatchWithHttpInfo(batch);
    expect(sent.httpResponse.status).toBe(202);
    expect((await client.getRichMenuIdOfUser(ALICE)).richMenuId).toBe(second);
    expect((await client.getRichMenuBatchProgress(sent.httpResponse.headers.get('x-service-request-id')!)).phase).toBe('succeeded');
    await client.richMenuBatch({ operations: [{ type: 'unlinkAll' }] });
    await expect(client.getRichMenuIdOfUser(ALICE)).rejects.toMatchObject({ status: 404 });
    await expect(client.validateRichMenuBatchRequest({ operations: [{ type: 'unlink', from: 'richmenu-nope' }] })).rejects.toMatchObject({
      status: 400,
    });
    await client.deleteRichMenu(second);
    await client.cancelDefaultRichMenu();
    await client.deleteRichMenu(richMenuId);
    await expect(client.getRichMenu(richMenuId)).rejects.toMatchObject({ status: 404 });
  });

  it('account, validation, sending, counters, followers, chats', async () => {
    expect((await client.getBotInfo()).chatMode).toBe('bot');
    await client.setWebhookEndpoint({ endpoint: receiver.url });
    expect(await client.getWebhookEndpoint()).toEqual({ endpoint: receiver.url, active: true });
    expect((await client.testWebhookEndpoint({})).success).toBe(true);
    const messages: messagingApi.Message[] = [{ type: 'text', text: 'hi' }];
    await client.validateReply({ messages });
    await client.validatePush({ messages });
    await client.validateMulticast({ messages });
    await client.validateNarrowcast({ messages });
    await client.validateBroadcast({ messages });
    await client.broadcast({ messages });
    await client.narrowcast({ messages });
    expect((await client.getMessageQuota()).type).toBe('limited');
    expect((await client.getMessageQuotaConsumption()).totalUsage).toBeGreaterThanOrEqual(1);
    const day = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10).replaceAll('-', '');
    expect((await client.getNumberOfSentBroadcastMessages(day)).success).toBeGreaterThanOrEqual(1);
    await client.getNumberOfSentPushMessages(day);
    await client.getNumberOfSentReplyMessages(day);
    await client.getNumberOfSentMulticastMessages(day);
    expect((await verified.getFollowers()).userIds).toContain(ALICE);
    expect((await client.getGroupSummary(GROUP)).groupId).toBe(GROUP);
    expect((await client.getGroupMemberCount(GROUP)).count).toBeGreaterThan(0);
    await client.showLoadingAnimation({ chatId: ALICE, loadingSeconds: 5 });
    await client.markMessagesAsRead({ chat: { userId: ALICE } });
    expect((await client.issueLinkToken(ALICE)).linkToken).toMatch(/^[A-Za-z0-9]{32}$/);
  });

  it('memberships of a bot without plans: the published 404s (plans in memberships.test.ts)', async () => {
    const bodyOf = (call: Promise<unknown>) =>
      call.then(
        () => expect.fail('the call succeeded'),
        (e: unknown) => (e instanceof HTTPFetchError ? [e.status, JSON.parse(e.body) as unknown] : e),
      );
    expect(await bodyOf(client.getMembershipList())).toEqual([404, { message: 'Unable to get information about the memberships' }]);
    expect(await bodyOf(client.getMembershipSubscription(ALICE))).toEqual([
      404,
      { message: 'Unable to get information about the membership to which the user subscribes' },
    ]);
    expect(await bodyOf(client.getJoinedMembershipUsers(3189))).toEqual([
      404,
      { message: 'Membership ID is not owned by the bot or does not exist' },
    ]);
  });

  it('every client method not set aside has a route (no route-missing 404)', async () => {
    const missing: string[] = [];
    for (const target of [client, blob] as unknown as Record<string, unknown>[]) {
      const proto = Object.getPrototypeOf(target) as Record<string, unknown>;
      const names = Object.getOwnPropertyNames(proto).filter(
        (n) => n !== 'constructor' && !n.endsWith('WithHttpInfo') && typeof proto[n] === 'function',
      );
      expect(names.length).toBeGreaterThan(4);
      for (const name of names) {
        if (SET_ASIDE[name]) continue;
        const fn = target[name] as (...args: unknown[]) => Promise<unknown>;
        const args = Array.from({ length: fn.length }, () => 'x');
        try {
          await fn.apply(target, args);
        } catch (e) {
          if (e instanceof HTTPFetchError && e.status === 404 && /^\{"message":"Not found: /.test(e.body)) missing.push(name);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
