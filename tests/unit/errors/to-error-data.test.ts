/** The one error-to-data function (there used to be four): every kind of thrown value, in the background and in the UI. */
import { describe, expect, it } from 'vitest';
import { ApiError, redirectedError } from '@/lib/api/errors';
import { toErrorData } from '@/lib/errors/to-error-data';
import { HandledError, RequestFailed } from '@/lib/errors/handled-error';
import { ErrorDataSchema } from '@/lib/model/errors';

describe('toErrorData', () => {
  it.each<[string, unknown, object]>([
    ['an API 401', new ApiError('invalid_key', 'The API key was not accepted (401)', { status: 401, requestId: 'r-1' }), { kind: 'invalid_key', status: 401, requestId: 'r-1', detail: 'request id: r-1' }],
    ['a redirect refused by the transport', redirectedError('GET /v1/enrich', 302, 'https://elsewhere.example/x?k=1', 'https://api.example.com'), { kind: 'redirected', status: 302 }],
    ['our own refusal in the background', new HandledError({ kind: 'budget_exceeded', message: 'Over budget' }), { kind: 'budget_exceeded', message: 'Over budget' }],
    ['the background’s answer, in a UI page', new RequestFailed({ kind: 'no_key', message: 'No API key' }), { kind: 'no_key', message: 'No API key' }],
    ['error data passed through', { kind: 'forbidden', message: 'no' }, { kind: 'forbidden', message: 'no' }],
    ['an abort-like object', { kind: 'aborted' }, { kind: 'aborted', message: 'Cancelled before it finished.' }],
    ['a plain Error: our words, the raw text only as detail', new Error('boom <img src=x>'), { kind: 'internal', message: 'Something went wrong in the extension.', detail: 'Error: boom <img src=x>' }],
    ['a thrown string', 'weird', { kind: 'internal', detail: 'weird' }],
  ])('%s', (_why, thrown, expected) => {
    const data = toErrorData(thrown);
    expect(data).toMatchObject(expected);
    expect(ErrorDataSchema.safeParse(data).success).toBe(true);
  });

  it('the redirect error names the target without its query', () => {
    const data = toErrorData(redirectedError('GET /v1/enrich', 307, 'https://elsewhere.example/x?key=secret', 'https://api.example.com'));
    expect(data.message).toContain('redirects to https://elsewhere.example/x;');
    expect(data.message).not.toContain('secret');
  });
});
