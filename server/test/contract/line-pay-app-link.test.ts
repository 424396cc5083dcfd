// LINE Pay's app link (`info.paymentUrl.app`): `openWindow` accepts `line://pay/payment/<token>`
// (the LINE app opens it as LINE Pay's payment page), and the host opens that page on
// {linepay_base_url}; any other non-http URL is still refused.
import { describe, expect, it } from 'vitest';
import { isLinePayAppLink, linePayPageOf, openWindowProblem } from '#contract/bridge/rules.js';

describe('LINE Pay app link', () => {
  it('is accepted by openWindow; other line:// links and scripts are not', () => {
    expect(openWindowProblem({ url: 'line://pay/payment/eVBISG5rQ09QL2JB_-x' })).toBe('');
    expect(openWindowProblem({ url: 'line://app/1650000001-x' })).toBe('url must be an absolute http(s) URL');
    expect(openWindowProblem({ url: 'line://pay/payment/<script>' })).toBe('url must be an absolute http(s) URL');
    expect(isLinePayAppLink('javascript:alert(1)')).toBe(false);
  });
  it('stands for the payment page of {linepay_base_url}', () => {
    expect(linePayPageOf('http://localhost:8084', 'line://pay/payment/abc_D-1')).toBe(
      'http://localhost:8084/web/payment/wait?transactionReserveId=abc_D-1',
    );
  });
});
