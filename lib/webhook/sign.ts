/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com/): the receiver checks `webhook-signature` =
 * `v1,` + base64 HMAC-SHA256 over `<webhook-id>.<webhook-timestamp>.<body>` with the secret's bytes. The secret is
 * `whsec_` + base64 of 32 random bytes, made in the background and shown once in the panel (docs/webhook.md).
 * WebCrypto: the same code signs in the service worker and in Node tests.
 */
import { z } from 'zod';

const PREFIX = 'whsec_';
/** 32 bytes: the HMAC-SHA256 block's half, the size the scheme's reference libraries generate (24–64 allowed). */
const SECRET_BYTES = 32;

export const SigningSecretSchema = z.string().regex(/^whsec_[A-Za-z0-9+/]{40,88}={0,2}$/);

function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const raw = atob(text);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export function generateSigningSecret(): string {
  return PREFIX + toBase64(crypto.getRandomValues(new Uint8Array(SECRET_BYTES)));
}

export interface SignatureHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/** The three headers for one attempt: `id` stays the same across retries, the timestamp is the attempt's own. */
export async function signatureHeaders(secret: string, id: string, timestampSeconds: number, body: string): Promise<SignatureHeaders> {
  const key = await crypto.subtle.importKey('raw', fromBase64(secret.slice(PREFIX.length)), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const timestamp = String(Math.floor(timestampSeconds));
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${id}.${timestamp}.${body}`));
  return { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${toBase64(new Uint8Array(mac))}` };
}
