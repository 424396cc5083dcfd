// Loopback names: where plain http is accepted for app and callback URLs, where a bound server
// needs no admin token, and where the CLI does not warn that others can reach it. One rule for
// all three: a URL's hostname (`[::1]`) and `--host` (`::1`) name the same address.
import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from '../../src/http/guards/loopback.js';

describe('loopback names', () => {
  it('are localhost and its subdomains, 127.0.0.0/8 and ::1 (with or without brackets), whatever the case', () => {
    for (const name of ['localhost', 'LOCALHOST', 'app.localhost', '127.0.0.1', '127.1.2.3', '[::1]', '::1'])
      expect(isLoopbackHost(name), name).toBe(true);
  });

  it('are not another address or a name that only contains localhost', () => {
    for (const name of ['0.0.0.0', '10.0.0.5', '::', '[::]', 'localhost.example.com', 'mylocalhost', '128.0.0.1', '[fe80::1]'])
      expect(isLoopbackHost(name), name).toBe(false);
  });
});
