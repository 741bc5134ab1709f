import { useState } from 'react';
import { browser } from 'wxt/browser';
import { Button, EmptyState, ErrorState } from '@/components/ui';
import type { ErrorData } from '@/lib/messaging/protocol';
import { DEFAULT_API_BASE_URL } from '@/lib/settings/schema';
import { useAccount } from './account';
import { request, toErrorData } from './hooks';

/** The demo sandbox's standard key (documented in the README; it only works against the local sandbox). */
const DEMO_KEY = 'test-standard';

function pointsAtLocalSandbox(apiBaseUrl: string | undefined): boolean {
  if (!apiBaseUrl) return false;
  try {
    const host = new URL(apiBaseUrl).hostname;
    return host === '127.0.0.1' || host === 'localhost';
  } catch {
    return false;
  }
}

/**
 * Onboarding in place of a view when there is no API key: what the panel does, what needs a key, and the two
 * ways forward (settings, or the local demo sandbox when the extension points at it).
 */
export function NoKeyState({ what }: { what: string }) {
  const account = useAccount();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorData | null>(null);
  const canDemo = pointsAtLocalSandbox(account.settings?.apiBaseUrl ?? DEFAULT_API_BASE_URL);

  const startDemo = async () => {
    setBusy(true);
    setError(null);
    try {
      await request('key/set', { key: DEMO_KEY });
      account.reload();
    } catch (cause) {
      setError(toErrorData(cause));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="sp-nokey" data-testid="no-key">
      <EmptyState
        icon="key"
        title="Add an API key to start"
        actions={
          <>
            <Button variant="primary" icon="settings" onClick={() => void browser.runtime.openOptionsPage()}>
              Open settings
            </Button>
            {canDemo && (
              <Button icon="sparkles" loading={busy} onClick={() => void startDemo()}>
                Use the demo sandbox
              </Button>
            )}
          </>
        }
      >
        <p>
          {what} needs the enrichment service, which needs your API key. The key stays inside the extension’s
          background and is only sent to the API address in the settings.
        </p>
        <p>Finding emails, phones and profiles on a page works without a key; nothing is sent until you click a priced action.</p>
        {canDemo && <p>No account? The local demo sandbox answers with realistic sample data and costs nothing.</p>}
      </EmptyState>
      {error && <ErrorState error={error} compact />}
    </div>
  );
}
