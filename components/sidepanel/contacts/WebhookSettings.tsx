import { useState } from 'react';
import { browser } from 'wxt/browser';
import { Button, CopyButton, ErrorState, TextField } from '@/components/ui';
import type { WebhookSendReport } from '@/lib/messaging/protocol';
import type { ErrorData } from '@/lib/model/errors';
import { originPattern, WebhookDestinationSchema } from '@/lib/webhook';
import { request, toErrorData, useRequest } from '@/components/shared/hooks';
import { t } from '@/lib/i18n/t';

/**
 * Where "Send to webhook" goes (Zapier, Make, n8n, a CRM intake). Saving asks the browser for access to exactly
 * that host; nothing is sent anywhere else. The secret header value is stored in the extension and never shown.
 * "Generate signing secret" makes a Standard Webhooks secret in the background and shows it here once, to copy into
 * the receiver (docs/webhook.md); it is kept only in this component's state, gone when the panel closes.
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
  const [busy, setBusy] = useState<'save' | 'test' | 'secret' | null>(null);
  const [secret, setSecret] = useState<string | null>(null);

  const save = async () => {
    setProblem(null);
    setError(null);
    setSaved(false);
    const parsed = WebhookDestinationSchema.safeParse({ url, ...(headerName.trim() ? { secretHeader: { name: headerName.trim(), value: headerValue } } : {}) });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? t('book_webhook_check_address'));
      return;
    }
    setBusy('save');
    try {
      // Asked in the click (browsers only grant permissions during a user gesture).
      const granted = await browser.permissions.request({ origins: [originPattern(parsed.data.url)] });
      if (!granted) {
        setProblem(t('book_webhook_denied'));
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

  const generateSecret = async () => {
    setBusy('secret');
    setError(null);
    setSecret(null);
    try {
      setSecret((await request('webhook/secret', {})).secret);
      current.reload();
    } catch (cause) {
      setError(toErrorData(cause));
    } finally {
      setBusy(null);
    }
  };

  const data = current.state.status === 'success' ? current.state.data : null;
  return (
    <section className="sp-stack" aria-label={t('book_tab_webhook')}>
      <p className="sp-hint">
        {data?.url
          ? data.secretHeaderName
            ? t('book_webhook_sending_header', data.url, data.secretHeaderName)
            : t('book_webhook_sending', data.url)
          : t('book_webhook_none')}
      </p>
      <TextField label={t('book_webhook_address')} placeholder={t('book_webhook_address_placeholder')} value={url} onChange={(e) => setUrl(e.target.value)} error={problem ?? undefined} />
      <TextField label={t('book_webhook_header_name')} placeholder={t('book_webhook_header_placeholder')} value={headerName} onChange={(e) => setHeaderName(e.target.value)} />
      {headerName.trim() && <TextField label={t('book_webhook_header_value')} type="password" value={headerValue} onChange={(e) => setHeaderValue(e.target.value)} />}
      <div className="sp-export">
        <Button size="sm" variant="primary" loading={busy === 'save'} onClick={() => void save()}>
          {t('book_webhook_save')}
        </Button>
        <Button size="sm" loading={busy === 'test'} disabled={!data?.url} detail={t('credits_free')} onClick={() => void sendTest()}>
          {t('book_webhook_test')}
        </Button>
      </div>
      {data?.url && <p className="sp-hint">{data.signed ? t('book_webhook_signed') : t('book_webhook_unsigned')}</p>}
      <div className="sp-export">
        <Button size="sm" loading={busy === 'secret'} disabled={!data?.url} onClick={() => void generateSecret()}>
          {data?.signed ? t('book_webhook_secret_rotate') : t('book_webhook_secret_generate')}
        </Button>
      </div>
      {secret && (
        <div className="sp-stack" data-testid="webhook-secret">
          <TextField label={t('book_webhook_secret_label')} value={secret} readOnly hint={t('book_webhook_secret_once')} onFocus={(e) => e.currentTarget.select()} />
          <div className="sp-export">
            <CopyButton value={secret} label={t('book_webhook_secret_copy')} showLabel />
          </div>
        </div>
      )}
      {saved && <p role="status" className="sp-hint">{t('book_webhook_saved')}</p>}
      {test && (
        <p role="status" className="sp-hint">
          {test.batches[0]?.ok
            ? t('book_webhook_test_ok', String(test.batches[0].status ?? 200))
            : t('book_webhook_test_failed', test.batches[0]?.error ?? t('book_webhook_no_answer'))}
        </p>
      )}
      {error && <ErrorState error={error} compact />}
    </section>
  );
}
