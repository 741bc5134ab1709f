import { Hono } from 'hono';
import type { Account } from './accounts';
import { BadRequest, errorResponse } from './errors';
import type { SandboxState } from './state';

export type AppEnv = { Variables: { account: Account } };

export function buildApp(state: SandboxState): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  const api = new Hono<AppEnv>();
  api.use('*', async (c, next) => {
    const account = state.accounts.resolve(c.req.header('X-API-Key'));
    if (!account) return errorResponse(c, 'invalid_key', 'The API key is missing or invalid. Send it in the X-API-Key header.');
    c.set('account', account);
    await next();
  });
  api.get('/v1/enrich', (c) => errorResponse(c, 'bad_request', 'Give an email, phone, social_profile, or first_name + last_name with company_name or company_domain.'));

  app.route('/', api);
  app.onError((err, c) => {
    if (err instanceof BadRequest) return errorResponse(c, 'bad_request', err.message);
    return errorResponse(c, 'server_error', `Sandbox error: ${err.message}`);
  });
  return app;
}
