import { defineContentScript } from 'wxt/utils/define-content-script';
import { runContentAgent } from './agent';

// Never declared for all sites: the background injects this file on a user action (activeTab +
// scripting) or registers it for the sites the user opted into (`scripting.registerContentScripts`).
export default defineContentScript({
  matches: ['http://127.0.0.1/*'],
  registration: 'runtime',
  main(ctx) {
    runContentAgent(ctx);
  },
});
