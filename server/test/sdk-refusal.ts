/**
 * The answer of a call the official SDK (`@line/bot-sdk` 11) refused: its HTTP status and JSON
 * body, for tests that hold refusals against the platform's documented errors.
 */
import { HTTPFetchError } from '@line/bot-sdk-11';
import { expect } from 'vitest';

/**
 * Awaits `call` and answers the status and parsed body of the `HTTPFetchError` it rejected with.
 * Fails the test when the call succeeded or rejected with anything else.
 */
export async function sdkRefusal<B = Record<string, unknown>>(call: Promise<unknown>): Promise<{ status: number; body: B }> {
  const e = await call.then(
    () => expect.fail('the call succeeded'),
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(HTTPFetchError);
  const { status, body } = e as HTTPFetchError;
  return { status, body: JSON.parse(body) as B };
}
