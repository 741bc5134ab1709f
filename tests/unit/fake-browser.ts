// What `wxt/browser` and `wxt/testing` resolve to in unit tests (vitest.config.ts). WXT's own mock of `wxt/browser`
// imports `wxt/testing`, whose index also exports the Vitest plugin and with it WXT's build system (vite, unimport…),
// transformed again for every test file: about 2–3 s of set-up per file on the busy 2-core machine, against 0.3 s
// without. This exports the same fake: the instance WXT's set-up file puts on `globalThis.browser`, imported from
// the module that holds only the fake.
import { fakeBrowser } from 'wxt/testing/fake-browser';

export { fakeBrowser };
export const browser = fakeBrowser;
export default fakeBrowser;
