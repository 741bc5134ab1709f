/** The popup without an API key: what is missing, where to add it, and (demo builds) the one-click sandbox. */
import { useState } from 'react';
import { browser } from 'wxt/browser';
import { Button, EmptyState, ErrorState } from '@/components/ui';
import { IS_DEMO_BUILD } from '@/components/options/build';
import { connectDemoSandbox } from '@/components/options/demo-sandbox';
import { toErrorData } from '@/components/options/use-settings';
import type { ErrorData } from '@/lib/messaging/protocol';

export function NoKey({ onConnected }: { onConnected: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorData | null>(null);

  async function connectSandbox() {
    setBusy(true);
    setError(null);
    try {
      await connectDemoSandbox();
      onConnected();
    } catch (e) {
      setError(toErrorData(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="pop-nokey">
      <EmptyState
        icon="key"
        title="Add your API key to start"
        actions={
          <>
            <Button variant="primary" icon="settings" onClick={() => void browser.runtime.openOptionsPage()}>
              Open settings
            </Button>
            {IS_DEMO_BUILD && (
              <Button icon="sparkles" onClick={() => void connectSandbox()} loading={busy}>
                Use the demo sandbox
              </Button>
            )}
          </>
        }
      >
        <p>
          Lookups and verifications are made with your enrichment API key. Paste it in the settings; it stays in
          this browser.
        </p>
        {IS_DEMO_BUILD && <p>Or try everything on the local demo sandbox: no account, no credits of yours.</p>}
      </EmptyState>
      {error && <ErrorState error={error} compact />}
    </div>
  );
}
