// Insight in the host: a person sees a bot message and taps its URL action; once the clock has
// moved a day, the Insight tab shows 1 impression and 1 click for that request.
import { channelAccessToken, messagingApi } from '@line/bot-sdk';
import { expect, test, ALICE } from '../support/fixtures.js';
import { DEMO_CHANNEL as CHANNEL } from '../support/platform.js';

const ALICE_BOT = 'UBa11ce0000000000000000000000a11c';

test('a bot message seen and its link opened: 1 impression and 1 click in the Insight tab the next day', async ({ page, server }) => {
  const { access_token } = await new channelAccessToken.ChannelAccessTokenClient({ baseURL: server.baseUrl }).issueChannelToken(
    'client_credentials',
    CHANNEL.id,
    CHANNEL.secret,
  );
  const client = new messagingApi.MessagingApiClient({ channelAccessToken: access_token, baseURL: server.baseUrl });
  const sent = await client.pushMessageWithHttpInfo({
    to: ALICE,
    messages: [
      {
        type: 'template',
        altText: 'Insight sale',
        template: {
          type: 'buttons',
          text: 'Insight sale',
          actions: [{ type: 'uri', label: 'Open the sale', uri: 'https://example.com/sale' }],
        },
      },
    ],
  });
  const requestId = sent.httpResponse.headers.get('x-line-request-id') ?? sent.httpResponse.headers.get('x-service-request-id');
  expect(requestId).toBeTruthy();

  await page.goto(`${server.baseUrl}/?user=${ALICE}&context=utou&chat=${ALICE_BOT}`);
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByText('Insight sale').first()).toBeVisible();
  await page.getByRole('button', { name: 'Open the sale' }).last().click();

  const clock = await fetch(`${server.baseUrl}/embedkit/v1/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advance: '1d' }),
  });
  expect(clock.status).toBe(200);

  await page.goto(`${server.baseUrl}/?user=${ALICE}&tab=insight`);
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await page.locator('#insight-channel').selectOption(CHANNEL.id);
  const row = page.locator('#insight-requests tbody tr', { hasText: requestId! });
  await expect(row.locator('td')).toHaveText([requestId!, 'push', '', /T/, 'yes', '1', '1', '1', '1', '1']);
});
