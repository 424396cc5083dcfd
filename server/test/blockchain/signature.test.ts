// The signature rules of part A against the platform's documented examples (its developer docs:
// secret 9256bf8a-2b86-42fe-b3e0-d3079d0141fe, nonce Bp0IqgXE, timestamp 1581850266351).
import { describe, expect, it } from 'vitest';
import { flattenBody, parameterString, sign, signatureInput, signatureMatches } from '../../src/interfaces/blockchain/signature.js';

const SECRET = '9256bf8a-2b86-42fe-b3e0-d3079d0141fe';
const BASE = { nonce: 'Bp0IqgXE', timestamp: '1581850266351' };
const OWNER = { ownerAddress: 'tlink1fr9mpexk5yq3hu6jc0npajfsa0x7tl427fuveq', ownerSecret: 'uhbdnNvIqQFnnIFDDG8EuVxtqkwsLtDR/owKInQIYmo=' };

describe('the platform documented signatures', () => {
  it('GET /v1/wallets', () => {
    expect(sign(SECRET, { ...BASE, method: 'GET', path: '/v1/wallets', query: '' })).toBe(
      '2LtyRNI16y/5/RdoTB65sfLkO0OSJ4pCuz2+ar0npkRbk1/dqq1fbt1FZo7fueQl1umKWWlBGu/53KD2cptcCA==',
    );
  });

  it('GET a wallet transactions with a query, in its original order', () => {
    const r = {
      ...BASE,
      method: 'GET',
      path: '/v1/wallets/tlink1fr9mpexk5yq3hu6jc0npajfsa0x7tl427fuveq/transactions',
      query: 'page=2&msgType=coin/MsgSend',
    };
    expect(sign(SECRET, r)).toBe('fasfnqKVVClFam+Dov+YN+rUfOo/PMZfgKx8E36YBtPh7gB2C+YJv4Hxl0Ey3g8lGD0ErEGnD0gqAt85iEhklQ==');
    // Sent URL-encoded, signed decoded (rule 8).
    expect(sign(SECRET, { ...r, query: 'page=2&msgType=coin%2FMsgSend' })).toBe(sign(SECRET, r));
  });

  it('PUT a non-fungible token with a body only: "?" then the sorted body', () => {
    const r = {
      ...BASE,
      method: 'PUT',
      path: '/v1/item-tokens/61e14383/non-fungibles/10000001/00000001',
      query: '',
      body: { ...OWNER, name: 'NewName' },
    };
    expect(signatureInput(r)).toBe(
      `Bp0IqgXE1581850266351PUT/v1/item-tokens/61e14383/non-fungibles/10000001/00000001?name=NewName&ownerAddress=${OWNER.ownerAddress}&ownerSecret=${OWNER.ownerSecret}`,
    );
    expect(sign(SECRET, r)).toBe('4L5BU0Ml/ejhzTg6Du12BDdElv8zoE7XD/iyOaZ2BHJIJG0SUOuCZWXu0YaF4i4C2CFJhjZoJFsje4CJn/wyyw==');
  });

  it('POST multi-mint: array leaves joined by commas, "" for an element without the optional meta', () => {
    const body = {
      ...OWNER,
      toAddress: 'tlink18zxqds28mmg8mwduk32csx5xt6urw93ycf8jwp',
      mintList: [
        { tokenType: '10000001', name: 'NewNFT' },
        { tokenType: '10000003', name: 'NewNFT2', meta: 'New nft 2 meta information' },
      ],
    };
    const r = { ...BASE, method: 'POST', path: '/v1/item-tokens/61e14383/non-fungibles/multi-mint', query: '', body };
    expect(flattenBody(body)).toContain(
      'mintList.meta=,New nft 2 meta information&mintList.name=NewNFT,NewNFT2&mintList.tokenType=10000001,10000003',
    );
    expect(sign(SECRET, r)).toBe('vhr5c3y2PAP5rmt+4YN1ojbMnT9IkYnIIB1yvWYM9OdECB2Y11fGTLDLRybB3lLKv0kvJQMAelSkQYBKdhSXbg==');
  });
});

describe('the parameter string rules', () => {
  it('is empty with neither query nor body, and joins both with "&"', () => {
    expect(parameterString('', undefined)).toBe('');
    expect(parameterString('', {})).toBe('');
    expect(parameterString('b=2&a=1', { z: 'last', c: 'x' })).toBe('?b=2&a=1&c=x&z=last');
  });

  it('leaves out a leaf that no element has, and treats null as absent', () => {
    expect(flattenBody({ list: [{ a: '1', b: null }, { a: '2' }], gone: null })).toBe('list.a=1,2');
    expect(flattenBody({ list: [{ a: '1' }, { b: 'x' }] })).toBe('list.a=1,&list.b=,x');
  });

  it('a signature matches only its own request', () => {
    const r = { ...BASE, method: 'get', path: '/v1/wallets', query: '' };
    const s = sign(SECRET, r);
    expect(signatureMatches(SECRET, r, s)).toBe(true);
    expect(signatureMatches(SECRET, { ...r, nonce: 'Bp0IqgXF' }, s)).toBe(false);
    expect(signatureMatches('another-secret', r, s)).toBe(false);
    expect(signatureMatches(SECRET, r, 'short')).toBe(false);
  });
});
