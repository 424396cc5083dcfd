/**
 * The local certificate authority of `embedkit --lan` and the server certificate it signs. A phone
 * gives a page a secure context (`crypto.subtle`, the camera, the clipboard) only over HTTPS with
 * a certificate it trusts; a CA made once per machine is trusted once per phone, and each start
 * signs a new server certificate for the addresses of the day (a laptop changes networks).
 * Certificates are made with `@peculiar/x509` on Node's WebCrypto (ECDSA P-256, SHA-256).
 *
 * Validity is the machine's time, not the simulated clock: the phone's TLS stack checks it against
 * its own real clock.
 */
import { createHash, webcrypto } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { isIP } from 'node:net';
// @peculiar/x509's dependency injection needs the Reflect metadata API before it loads.
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';

// The library's own name of the WebCrypto type: the server's build has no DOM library to name `Crypto` with.
type ProviderCrypto = Parameters<typeof x509.cryptoProvider.set>[1];
const crypto = webcrypto as unknown as ProviderCrypto;
x509.cryptoProvider.set(crypto);
// Node's Web Crypto under the library's types: Node 24's own declare key usages (KEM) that the
// web's types, which the library is written against, do not know yet.
const subtle = crypto.subtle;
type CryptoKeyPair = Parameters<typeof x509.X509CertificateGenerator.createSelfSigned>[0]['keys'];
type CryptoKey = CryptoKeyPair['privateKey'];

/** The environment variable that moves the CA's folder (tests, a shared team CA). */
export const CA_DIR_ENV = 'EMBEDKIT_CA_DIR';

/** The CA's folder: `EMBEDKIT_CA_DIR`, else `~/.embedkit/ca` (the user's, not the project's: one CA per machine). */
export function defaultCaDir(): string {
  return process.env[CA_DIR_ENV] || join(homedir(), '.embedkit', 'ca');
}

const ALG = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const DAY_MS = 86_400_000;
/** iOS and Chrome refuse server certificates valid longer than 398 days, even from a local CA. */
const SERVER_DAYS = 397;
const CA_DAYS = 10 * 365;

/** The local CA: its certificate (PEM, what a phone installs) and its private key. */
export interface LocalCa {
  /** The CA certificate, PEM. */
  certPem: string;
  /** The CA certificate, DER (what Android's certificate installer and iOS profiles read as `.crt`). */
  certDer: Buffer;
  /** SHA-256 fingerprint of the CA certificate, colon-separated hex (shown on the CA page to compare with the phone's). */
  fingerprint: string;
  key: CryptoKey;
  cert: x509.X509Certificate;
}

/**
 * Loads the CA from `dir` (`ca.pem`, `ca-key.pem`), or makes one there on first use (the key file
 * readable by its owner only).
 * @throws Error when the files exist but cannot be read or parsed, or the folder cannot be written
 */
export async function loadOrCreateCa(dir: string = defaultCaDir()): Promise<LocalCa> {
  const certFile = join(dir, 'ca.pem');
  const keyFile = join(dir, 'ca-key.pem');
  if (existsSync(certFile) && existsSync(keyFile)) {
    const cert = new x509.X509Certificate(readFileSync(certFile, 'utf8'));
    const pkcs8 = x509.PemConverter.decodeFirst(readFileSync(keyFile, 'utf8'));
    const key = await subtle.importKey('pkcs8', pkcs8, ALG, false, ['sign']);
    return caOf(cert, key);
  }
  const keys = (await subtle.generateKey(ALG, true, ['sign', 'verify'])) as CryptoKeyPair;
  const now = Date.now();
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: randomSerial(),
    name: `CN=embedkit local CA (${hostnameLabel()}), O=embedkit`,
    notBefore: new Date(now - DAY_MS),
    notAfter: new Date(now + CA_DAYS * DAY_MS),
    keys,
    signingAlgorithm: ALG,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  const pkcs8 = await subtle.exportKey('pkcs8', keys.privateKey);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(keyFile, x509.PemConverter.encode(pkcs8, 'PRIVATE KEY'), { mode: 0o600 });
  chmodSync(keyFile, 0o600);
  writeFileSync(certFile, cert.toString('pem'));
  return caOf(cert, keys.privateKey);
}

/** A server certificate and its key, PEM, as `https.createServer` takes them. */
export interface ServerCertificate {
  cert: string;
  key: string;
  /** base64 SHA-256 of the certificate's public key (SPKI): Chromium's `--ignore-certificate-errors-spki-list` reads it. */
  spkiSha256: string;
}

/**
 * Signs a server certificate for `names` (IP addresses become IP SANs, the rest DNS SANs), valid
 * from a day ago for 397 days, with a fresh key.
 * @param names e.g. `['localhost', '192.168.1.20']`; at least one
 */
export async function issueServerCertificate(ca: LocalCa, names: readonly string[]): Promise<ServerCertificate> {
  const keys = (await subtle.generateKey(ALG, true, ['sign', 'verify'])) as CryptoKeyPair;
  const now = Date.now();
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: randomSerial(),
    subject: `CN=${names[0] ?? 'localhost'}, O=embedkit`,
    issuer: ca.cert.subject,
    notBefore: new Date(now - DAY_MS),
    notAfter: new Date(now + SERVER_DAYS * DAY_MS),
    publicKey: keys.publicKey,
    signingKey: ca.key,
    signingAlgorithm: ALG,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension(names.map((n) => ({ type: isIP(n) ? ('ip' as const) : ('dns' as const), value: n }))),
      await x509.AuthorityKeyIdentifierExtension.create(ca.cert),
    ],
  });
  const pkcs8 = await subtle.exportKey('pkcs8', keys.privateKey);
  const spki = await subtle.exportKey('spki', keys.publicKey);
  return {
    cert: cert.toString('pem'),
    key: x509.PemConverter.encode(pkcs8, 'PRIVATE KEY'),
    spkiSha256: createHash('sha256').update(Buffer.from(spki)).digest('base64'),
  };
}

function caOf(cert: x509.X509Certificate, key: CryptoKey): LocalCa {
  const certDer = Buffer.from(cert.rawData);
  const fingerprint = createHash('sha256')
    .update(certDer)
    .digest('hex')
    .toUpperCase()
    .replace(/(..)(?!$)/g, '$1:');
  return { certPem: cert.toString('pem'), certDer, fingerprint, key, cert };
}

/** 16 random bytes, first bit clear (a positive serial, as RFC 5280 asks). */
function randomSerial(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[0] = bytes[0]! & 0x7f;
  return Buffer.from(bytes).toString('hex');
}

/** The machine's name in the CA's name, so a phone that trusts several tells them apart. */
function hostnameLabel(): string {
  try {
    return (process.env.HOSTNAME || 'this machine').replace(/[,=+<>#;"\\]/g, ' ').slice(0, 40);
  } catch {
    return 'this machine';
  }
}
