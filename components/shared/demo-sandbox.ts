import { background } from '@/lib/messaging/extension';
import { DEMO_API_KEY, DEMO_SANDBOX_URL } from './build';

/**
 * "Use the demo sandbox": points the extension at the local sandbox with its demo key. The sandbox origin
 * (127.0.0.1) is a required host permission, so no prompt is needed.
 */
export async function connectDemoSandbox(): Promise<void> {
  await background.request('settings/update', { apiBaseUrl: DEMO_SANDBOX_URL });
  await background.request('key/set', { key: DEMO_API_KEY });
}
