// The host's Blockchain tab: a request refused for its signature shows with its
// verdict and the exact string the server signed, beside the wallets, tokens and transactions.
import { createHmac } from 'node:crypto';
import { ALICE, expect, test } from '../support/fixtures.js';

const KEY = '136db0ec-0390-45d3-9d3b-f3a7e0fa7a9c';
const SECRET = '9256bf8a-2b86-42fe-b3e0-d3079d0141fe';

test('a refused request shows its signature input in the Blockchain tab; a write shows in tokens and transactions', async ({
  page,
  server,
}) => {
  const world = (await (await fetch(`${server.baseUrl}/embedkit/v1/world`)).json()) as { urls: { blockchain: string } };
  const origin = world.urls.blockchain;
  const timestamp = String((await (await fetch(`${origin}/v1/time`)).json()).responseData);
  // Signed with a wrong secret: the server refuses it and shows what it signed.
  const wrong = createHmac('sha512', 'not-the-secret').update(`Wrong123${timestamp}GET/v1/wallets`).digest('base64');
  const refused = await fetch(`${origin}/v1/wallets`, {
    headers: { 'service-api-key': KEY, nonce: 'Wrong123', timestamp, signature: wrong },
  });
  expect(refused.status).toBe(401);
  // A good write: renames a token.
  const body = {
    ownerAddress: 'tlink1fr9mpexk5yq3hu6jc0npajfsa0x7tl427fuveq',
    ownerSecret: 'uhbdnNvIqQFnnIFDDG8EuVxtqkwsLtDR/owKInQIYmo=',
    name: 'Renamed In E2E',
  };
  const path = '/v1/item-tokens/61e14383/non-fungibles/10000001/00000001';
  const params = `?name=${body.name}&ownerAddress=${body.ownerAddress}&ownerSecret=${body.ownerSecret}`;
  const signature = createHmac('sha512', SECRET).update(`Good1234${timestamp}PUT${path}${params}`).digest('base64');
  const put = await fetch(`${origin}${path}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'service-api-key': KEY, nonce: 'Good1234', timestamp, signature },
    body: JSON.stringify(body),
  });
  expect(put.status).toBe(202);

  await page.goto(`${server.baseUrl}/?user=${ALICE}&context=none&tab=blockchain`);
  const pane = page.locator('#blockchain-pane');
  await expect(pane).toBeVisible();
  await expect(pane.locator('.bc-origin')).toHaveText(origin);
  const row = pane.locator('.bc-request.refused').first();
  await expect(row.locator('.bc-verdict')).toHaveText(/^4010 Invalid signature/);
  await expect(row.locator('.bc-signature-input')).toHaveText(`Wrong123${timestamp}GET/v1/wallets`);
  const ok = pane.locator('.bc-request[data-status-code="1002"]');
  await expect(ok.locator('.bc-signature-input')).toContainText(`Good1234${timestamp}PUT${path}?name=Renamed In E2E&ownerAddress=`);
  await expect(pane.locator('#blockchain-tokens tr[data-token-id="1000000100000001"]')).toContainText('Renamed In E2E');
  await expect(pane.locator('#blockchain-transactions')).toContainText('collection/MsgModify');
  // No secret reaches the page.
  const html = await page.content();
  expect(html).not.toContain(SECRET);
  expect(html).not.toContain(body.ownerSecret);
  // The tab is in the URL.
  await page.locator('#tab-chat').click();
  await expect(page).not.toHaveURL(/tab=blockchain/);
  await page.locator('#tab-blockchain').click();
  await expect(page).toHaveURL(/tab=blockchain/);
});
