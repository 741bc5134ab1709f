/**
 * Chromium with its network shut, for the tour with no server: every http(s) request, the extension worker's
 * included, goes to a proxy on a port where nothing listens (loopback too: `<-loopback>` removes Chromium's
 * implicit bypass) and no host name resolves. Extension pages and the package's own files are not network
 * requests, so demo mode works; anything that tried to leave the browser fails instead of quietly succeeding.
 */
import { createServer } from 'node:net';

/** A loopback port nothing listens on: one the system just handed out and took back. */
function closedPort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

export async function offlineChromiumArgs(): Promise<string[]> {
  return [`--proxy-server=http://127.0.0.1:${await closedPort()}`, '--proxy-bypass-list=<-loopback>', '--host-resolver-rules=MAP * ~NOTFOUND'];
}
