// The endpoints of part A: wallets, a wallet's transactions, updating and multi-minting
// non-fungible item tokens, and the reads that show what a write did.
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Embedkit } from '../../src/kit/embedkit.js';
import { CONTRACT, makeBlockchainKit, OWNER, PLAYER, signed } from './helpers.js';

let kit: Embedkit;
beforeEach(async () => {
  kit = await makeBlockchainKit();
});
afterEach(() => kit.close());

const TOKEN = `/v1/item-tokens/${CONTRACT}/non-fungibles/10000001/00000001`;
const MINT = `/v1/item-tokens/${CONTRACT}/non-fungibles/multi-mint`;
const owner = { ownerAddress: OWNER.address, ownerSecret: OWNER.secret };

describe('reads', () => {
  it('GET /v1/wallets lists the service wallets', async () => {
    const res = await signed(kit, 'GET', '/v1/wallets').expect(200);
    expect(res.body.responseData.map((w: { walletAddress: string; name: string }) => [w.name, w.walletAddress])).toEqual([
      ['Owner', OWNER.address],
      ['Player', PLAYER],
    ]);
  });

  it('a token and what a wallet holds', async () => {
    const token = await signed(kit, 'GET', TOKEN).expect(200);
    expect(token.body.responseData).toMatchObject({
      tokenId: '1000000100000001',
      tokenType: '10000001',
      tokenIndex: '00000001',
      name: 'Iron Sword',
      meta: 'attack 10',
      owner: OWNER.address,
    });
    const held = await signed(kit, 'GET', `/v1/wallets/${PLAYER}/item-tokens/${CONTRACT}/non-fungibles`).expect(200);
    expect(held.body.responseData.map((t: { tokenId: string }) => t.tokenId)).toEqual(['1000000100000002', '1000000300000001']);
  });

  it.each([
    ['a contract id that is not 8 hex digits', `/v1/item-tokens/61E14383/non-fungibles/10000001/00000001`, 400, 4000],
    ['a token index that is not 8 hex digits', `/v1/item-tokens/${CONTRACT}/non-fungibles/10000001/1`, 400, 4000],
    ['an unknown contract', `/v1/item-tokens/deadbeef/non-fungibles/10000001/00000001`, 404, 4040],
    ['an unknown token', `/v1/item-tokens/${CONTRACT}/non-fungibles/10000001/000000ff`, 404, 4040],
    ['a wallet address that is not tlink + 39', `/v1/wallets/tlink1abc/transactions`, 400, 4000],
    ['a transaction hash that is not 64 upper-case hex digits', `/v1/transactions/abc`, 400, 4000],
    ['an unknown transaction', `/v1/transactions/${'A'.repeat(64)}`, 404, 4040],
    ['a limit over 50', `/v1/wallets/${PLAYER}/transactions?limit=51`, 400, 4000],
    ['an orderBy that is not asc or desc', `/v1/wallets/${PLAYER}/transactions?orderBy=up`, 400, 4000],
    ['an unknown path', `/v1/nothing-here`, 404, 4041],
  ])('%s: %i %i in the envelope', async (_name, path, status, code) => {
    const res = await signed(kit, 'GET', path);
    expect(res.status).toBe(status);
    expect(res.body.statusCode).toBe(code);
  });
});

describe('PUT a non-fungible token', () => {
  it('is accepted as a transaction, and the change shows in the token, the transaction and the wallet transactions', async () => {
    const res = await signed(kit, 'PUT', TOKEN, { body: { ...owner, name: 'Renamed Sword', meta: 'attack 12' } }).expect(202);
    expect(res.body).toMatchObject({ statusCode: 1002, statusMessage: 'Accepted' });
    const txHash = res.body.responseData.txHash as string;
    expect(txHash).toMatch(/^[0-9A-F]{64}$/);
    expect((await signed(kit, 'GET', TOKEN)).body.responseData).toMatchObject({ name: 'Renamed Sword', meta: 'attack 12' });
    const tx = (await signed(kit, 'GET', `/v1/transactions/${txHash}`).expect(200)).body.responseData;
    expect(tx).toMatchObject({
      txhash: txHash,
      code: 0,
      tx: {
        value: { msg: [{ type: 'collection/MsgModify', value: { contractId: CONTRACT, tokenType: '10000001', tokenIndex: '00000001' } }] },
      },
    });
    expect(typeof tx.height).toBe('number');
    expect(JSON.stringify(tx)).not.toContain(OWNER.secret);
    const list = (await signed(kit, 'GET', `/v1/wallets/${OWNER.address}/transactions?msgType=collection/MsgModify`).expect(200)).body
      .responseData;
    expect(list.map((t: { txhash: string }) => t.txhash)).toEqual([txHash]);
    expect(
      (await signed(kit, 'GET', `/v1/wallets/${OWNER.address}/transactions?msgType=collection%2FMsgMintNFT`)).body.responseData,
    ).toEqual([]);
  });

  it.each([
    ['a wrong ownerSecret', { ...owner, ownerSecret: 'not-it', name: 'Renamed Sword' }, 403, 4031],
    [
      'a wallet that is not the contract owner',
      { ownerAddress: PLAYER, ownerSecret: 'PfS9nbtmFfqPy0hVxdbV5GbHKYVL2bMdLQp3vPy5u7U=', name: 'Renamed Sword' },
      403,
      4032,
    ],
    ['no name', { ...owner }, 400, 4000],
    ['a name of 2 characters', { ...owner, name: 'ab' }, 400, 4000],
    ['a name with punctuation', { ...owner, name: 'Sword!' }, 400, 4000],
    ['a meta over 1000 characters', { ...owner, name: 'Renamed Sword', meta: 'm'.repeat(1001) }, 400, 4000],
    ['a name that is a number', { ...owner, name: 12345 }, 400, 4000],
  ])('%s is refused and changes nothing', async (_name, body, status, code) => {
    const res = await signed(kit, 'PUT', TOKEN, { body });
    expect(res.status).toBe(status);
    expect(res.body.statusCode).toBe(code);
    expect((await signed(kit, 'GET', TOKEN)).body.responseData.name).toBe('Iron Sword');
    expect((await signed(kit, 'GET', `/v1/wallets/${OWNER.address}/transactions`)).body.responseData).toEqual([]);
  });

  it('a body that is not JSON: 400 4000 in the envelope', async () => {
    const res = await request(kit.apps.blockchain).put(TOKEN).set('Content-Type', 'application/json').send('{"name":');
    expect(res.status).toBe(400);
    expect(res.body.statusCode).toBe(4000);
  });
});

describe('POST multi-mint', () => {
  const mintList = [
    { tokenType: '10000001', name: 'NewNFT' },
    { tokenType: '10000003', name: 'NewNFT2', meta: 'New nft 2 meta information' },
    { tokenType: '10000001', name: 'NewNFT3' },
  ];

  it('mints each element as the next index of its type for toAddress, in one transaction', async () => {
    const res = await signed(kit, 'POST', MINT, { body: { ...owner, toAddress: PLAYER, mintList } }).expect(202);
    const txHash = res.body.responseData.txHash as string;
    const held = (await signed(kit, 'GET', `/v1/wallets/${PLAYER}/item-tokens/${CONTRACT}/non-fungibles?limit=50`)).body.responseData;
    expect(held.map((t: { tokenId: string; name: string }) => [t.tokenId, t.name])).toEqual([
      ['1000000100000002', 'Bronze Sword'],
      ['1000000100000003', 'NewNFT'],
      ['1000000100000004', 'NewNFT3'],
      ['1000000300000001', 'Oak Shield'],
      ['1000000300000002', 'NewNFT2'],
    ]);
    const tx = (await signed(kit, 'GET', `/v1/transactions/${txHash}`)).body.responseData;
    expect(tx.tx.value.msg[0].type).toBe('collection/MsgMintNFT');
    expect(tx.logs[0].events[1].attributes).toContainEqual({
      key: 'token_ids',
      value: ['1000000100000003', '1000000300000002', '1000000100000004'],
    });
    // Both wallets see it, newest first by default, oldest first with orderBy=asc.
    await signed(kit, 'PUT', TOKEN, { body: { ...owner, name: 'Renamed Sword' } }).expect(202);
    const desc = (await signed(kit, 'GET', `/v1/wallets/${OWNER.address}/transactions`)).body.responseData;
    const asc = (await signed(kit, 'GET', `/v1/wallets/${OWNER.address}/transactions?orderBy=asc&limit=1&page=1`)).body.responseData;
    expect(desc.map((t: { tx: { value: { msg: Array<{ type: string }> } } }) => t.tx.value.msg[0]!.type)).toEqual([
      'collection/MsgModify',
      'collection/MsgMintNFT',
    ]);
    expect(asc).toHaveLength(1);
    expect(asc[0].txhash).toBe(txHash);
    expect(
      (await signed(kit, 'GET', `/v1/wallets/${PLAYER}/transactions`)).body.responseData.map((t: { txhash: string }) => t.txhash),
    ).toEqual([txHash]);
  });

  it('concurrent mints number their tokens one after the other', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        signed(kit, 'POST', MINT, { body: { ...owner, toAddress: PLAYER, mintList: [{ tokenType: '10000003', name: `Shield ${i}` }] } }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(202));
    const held = (await signed(kit, 'GET', `/v1/wallets/${PLAYER}/item-tokens/${CONTRACT}/non-fungibles?limit=50`)).body.responseData;
    expect(held.filter((t: { tokenType: string }) => t.tokenType === '10000003').map((t: { tokenIndex: string }) => t.tokenIndex)).toEqual([
      '00000001',
      '00000002',
      '00000003',
      '00000004',
      '00000005',
      '00000006',
      '00000007',
    ]);
  });

  it.each([
    ['an empty mintList', { ...owner, toAddress: PLAYER, mintList: [] }, 400, 4000],
    ['11 elements', { ...owner, toAddress: PLAYER, mintList: Array(11).fill({ tokenType: '10000001', name: 'Many' }) }, 400, 4000],
    ['an element without name', { ...owner, toAddress: PLAYER, mintList: [{ tokenType: '10000001' }] }, 400, 4000],
    ['a toAddress that is not an address', { ...owner, toAddress: 'someone', mintList }, 400, 4000],
    ['an unknown token type', { ...owner, toAddress: PLAYER, mintList: [{ tokenType: '10000099', name: 'Ghost' }] }, 404, 4040],
    ['a wrong ownerSecret', { ...owner, ownerSecret: 'nope', toAddress: PLAYER, mintList }, 403, 4031],
  ])('%s is refused and mints nothing', async (_name, body, status, code) => {
    const res = await signed(kit, 'POST', MINT, { body });
    expect(res.status).toBe(status);
    expect(res.body.statusCode).toBe(code);
    const held = (await signed(kit, 'GET', `/v1/wallets/${PLAYER}/item-tokens/${CONTRACT}/non-fungibles`)).body.responseData;
    expect(held).toHaveLength(2);
  });
});
