/**
 * `npm run hub` — the team hub.
 *   npm run hub                                   serve on http://127.0.0.1:8788, data in hub/data (PGlite)
 *   npm run hub -- --create-team "Acme sales"     create a team, print its first admin's invite, exit
 *   DATABASE_URL=postgres://… npm run hub         use a Postgres server instead of the embedded PGlite
 *   HUB_KEY_SECRET=… npm run hub                  seal the team's API key at rest with this secret (docs/hub.md)
 * Options: --port N, --host H, --data DIR, --allow-http, --trust-proxy, --tls-cert FILE --tls-key FILE,
 *          --bulk-window-ms N (how long bulk requests gather teammates' before leaving; default 200).
 */
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { openHubDatabase, startHub } from './server';
import { createTeam } from './teams';

const { values } = parseArgs({
  options: {
    'create-team': { type: 'string' },
    port: { type: 'string', default: '8788' },
    host: { type: 'string', default: '127.0.0.1' },
    data: { type: 'string', default: fileURLToPath(new URL('./data', import.meta.url)) },
    'allow-http': { type: 'boolean', default: false },
    'trust-proxy': { type: 'boolean', default: false },
    'tls-cert': { type: 'string' },
    'tls-key': { type: 'string' },
    'bulk-window-ms': { type: 'string', default: '200' },
  },
});

const databaseUrl = process.env.DATABASE_URL || undefined;
const where = databaseUrl ? 'Postgres (DATABASE_URL)' : `PGlite in ${values.data}`;

if (values['create-team']) {
  const database = await openHubDatabase({ databaseUrl, dataDir: values.data });
  const { teamId, adminInvite, expiresAt } = await createTeam(database.db, values['create-team']);
  await database.close();
  console.log(`Team "${values['create-team']}" created (${teamId}) in ${where}.`);
  console.log(`Admin invite (single use, expires ${expiresAt.toISOString()}):\n  ${adminInvite}`);
  console.log('Redeem it: POST /hub/invites/redeem {"code":"<invite>","name":"<your name>"} → your token.');
} else {
  if ((values['tls-cert'] === undefined) !== (values['tls-key'] === undefined)) {
    console.error('Give both --tls-cert and --tls-key, or neither.');
    process.exit(2);
  }
  const bulkBatchWindowMs = Number(values['bulk-window-ms']);
  if (!Number.isFinite(bulkBatchWindowMs) || bulkBatchWindowMs < 0 || bulkBatchWindowMs > 5000) {
    console.error('--bulk-window-ms takes a number of milliseconds from 0 to 5000.');
    process.exit(2);
  }
  const hub = await startHub({
    port: Number(values.port),
    bulkBatchWindowMs,
    host: values.host,
    databaseUrl,
    dataDir: values.data,
    allowHttp: values['allow-http'],
    trustProxy: values['trust-proxy'],
    tls: values['tls-cert'] && values['tls-key'] ? { certFile: values['tls-cert'], keyFile: values['tls-key'] } : undefined,
  });
  console.log(`Team hub on ${hub.url} (${where}).`);
  if (!hub.url.startsWith('https') && !/^(127\.|::1$|localhost$)/.test(values.host) && !values['allow-http'] && !values['trust-proxy']) {
    console.log('Plain HTTP from other machines is refused: add --tls-cert/--tls-key, run behind a TLS proxy with --trust-proxy, or --allow-http.');
  }
  const stop = () => void hub.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
