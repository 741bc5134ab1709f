import { useState } from 'react';
import { browser } from 'wxt/browser';
import { Button, ErrorState, TextField } from '@/components/ui';
import type { ErrorData, WebhookSendReport } from '@/lib/messaging/protocol';
import { originPattern, WebhookDestinationSchema } from '@/lib/webhook';
import { request, toErrorData, useRequest } from '../hooks';

/**
 * Where "Send to webhook" goes (Zapier, Make, n8n, a CRM intake). Saving asks the browser for access to exactly
 * that host; nothing is sent anywhere else. The secret header value is stored in the extension and never shown.
 */
export function WebhookSettings() {
  const current = useRequest('webhook/get', {});
  const [url, setUrl] = useState('');
  const [headerName, setHeaderName] = useState('');
  const [headerValue, setHeaderValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<ErrorData | null>(null);
  const [saved, setSaved] = useState(false);
  const [test, setTest] = useState<WebhookSendReport | null>(null);
  const [busy, setBusy] = useState<'save' | 'test' | null>(null);

  const save = async () => {
    setProblem(null);
    setError(null);
    setSaved(false);
    const parsed = WebhookDestinationSchema.safeParse({ url, ...(headerName.trim() ? { secretHeader: { name: headerName.trim(), value: headerValue } } : {}) });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Check the address.');
      return;
    }
    setBusy('save');
    try {
      // Asked in the click (browsers only grant permissions during a user gesture).
      const granted = await browser.permissions.request({ origins: [originPattern(parsed.data.url)] });
      if (!granted) {
        setProblem('The browser did not allow access to this address, so nothing can be sent there.');
        return;
      }
      await request('webhook/set', { destination: parsed.data });
      setSaved(true);
      current.reload();
    } catch (cause) {
      setError(toErrorData(cause));
    } finally {
      setBusy(null);
    }
  };

  const sendTest = async () => {
    setBusy('test');
    setError(null);
    setTest(null);
    try {
      setTest(await request('webhook/test', {}));
    } catch (cause) {
      setError(toErrorData(cause));
    } finally {
      setBusy(null);
    }
  };

  const data = current.state.status === 'success' ? current.state.data : null;
  return (
    <section className="sp-stack" aria-label="Webhook">
      <p className="sp-hint">
        {data?.url ? `Sending to ${data.url}${data.secretHeaderName ? ` with the ${data.secretHeaderName} header` : ''}.` : 'No webhook set. Contacts are sent as JSON, at most 100 per request.'}
      </p>
      <TextField label="Webhook address" placeholder="https://hooks.example.com/…" value={url} onChange={(e) => setUrl(e.target.value)} error={problem ?? undefined} />
      <TextField label="Secret header name (optional)" placeholder="X-Webhook-Secret" value={headerName} onChange={(e) => setHeaderName(e.target.value)} />
      {headerName.trim() && <TextField label="Secret header value" type="password" value={headerValue} onChange={(e) => setHeaderValue(e.target.value)} />}
      <div className="sp-export">
        <Button size="sm" variant="primary" loading={busy === 'save'} onClick={() => void save()}>
          Save webhook
        </Button>
        <Button size="sm" loading={busy === 'test'} disabled={!data?.url} detail="free" onClick={() => void sendTest()}>
          Send a test
        </Button>
      </div>
      {saved && <p role="status" className="sp-hint">Saved.</p>}
      {test && (
        <p role="status" className="sp-hint">
          {test.batches[0]?.ok ? `The test arrived (answer ${test.batches[0].status ?? 200}).` : `The test did not arrive: ${test.batches[0]?.error ?? 'no answer'}. Check the address and that the receiver is running.`}
        </p>
      )}
      {error && <ErrorState error={error} compact />}
    </section>
  );
}
