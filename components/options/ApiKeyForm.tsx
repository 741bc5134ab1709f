/**
 * The API key: typed masked (show/hide), saved through 'key/set' into the key store only the background can read,
 * tested with the free check (lib/api/decisions.ts D5), removed. The page never gets the stored key back: it
 * only knows whether one exists and its last four characters.
 */
import { type FormEvent, useState } from 'react';
import { Button, Chip, ErrorState } from '@/components/ui';
import { background } from '@/lib/messaging/extension';
import { ApiKeySchema, type ErrorData } from '@/lib/messaging/protocol';
import { Field, type Status, StatusLine } from './fields';
import { toErrorData } from './use-settings';

export interface ApiKeyFormProps {
  keyInfo: { present: boolean; hint: string | null };
  /** After the key was saved or removed (the caller reloads the settings snapshot). */
  onChanged: () => void;
  /** Onboarding shows only save (and test); the options page can also remove. */
  allowRemove?: boolean;
}

type TestResult = 'valid' | 'invalid' | null;

export function ApiKeyForm({ keyInfo, onChanged, allowRemove = true }: ApiKeyFormProps) {
  const [draft, setDraft] = useState('');
  const [visible, setVisible] = useState(false);
  const [busy, setBusy] = useState<'save' | 'test' | 'remove' | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const [test, setTest] = useState<TestResult>(null);
  const [error, setError] = useState<ErrorData | null>(null);
  /** What "Try again" repeats: the action that failed, not always the test. */
  const [failed, setFailed] = useState<'save' | 'test' | 'remove'>('test');
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [inputError, setInputError] = useState<string | null>(null);

  async function runTest(candidate: string | undefined): Promise<TestResult> {
    const { valid } = await background.request('key/test', candidate ? { key: candidate } : {});
    const result = valid ? 'valid' : 'invalid';
    setTest(result);
    return result;
  }

  async function save(event?: FormEvent) {
    event?.preventDefault();
    const key = draft.trim();
    if (!key) {
      setInputError('Paste your API key first.');
      return;
    }
    if (!ApiKeySchema.safeParse(key).success) {
      setInputError('This does not look like an API key: it has spaces or invisible characters. Copy it again from your account.');
      return;
    }
    setInputError(null);
    setError(null);
    setTest(null);
    setBusy('save');
    try {
      setFailed('save');
      await background.request('key/set', { key });
      setFailed('test'); // saved: what can still fail is the check that follows
      setDraft('');
      setVisible(false);
      onChanged();
      // Saving is followed by the free check, so a typo shows up now rather than at the first paid lookup.
      setStatus({ tone: 'info', text: 'Key saved. Checking it with the service (free)…' });
      const result = await runTest(undefined);
      setStatus(
        result === 'valid'
          ? { tone: 'success', text: 'Key saved and accepted by the service.' }
          : { tone: 'warning', text: 'Key saved, but the service did not accept it. Check it and save again.' },
      );
    } catch (e) {
      setStatus(null);
      setError(toErrorData(e));
    } finally {
      setBusy(null);
    }
  }

  async function testKey() {
    setError(null);
    setStatus(null);
    setFailed('test');
    setBusy('test');
    try {
      await runTest(draft.trim() || undefined);
    } catch (e) {
      setTest(null);
      setError(toErrorData(e));
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    setError(null);
    setTest(null);
    setFailed('remove');
    setBusy('remove');
    try {
      await background.request('key/clear', {});
      setConfirmRemove(false);
      setStatus({ tone: 'success', text: 'Key removed from this browser.' });
      onChanged();
    } catch (e) {
      setError(toErrorData(e));
    } finally {
      setBusy(null);
    }
  }

  const canTest = keyInfo.present || draft.trim() !== '';
  return (
    <form className="opt-key" onSubmit={save} noValidate>
      <p className="opt-key__current">
        {keyInfo.present ? (
          <>
            <Chip tone="success" icon="key">
              Key saved
            </Chip>{' '}
            <span className="ui-muted">
              ends in <span className="ui-mono">{keyInfo.hint ?? '…'}</span>
            </span>
          </>
        ) : (
          <Chip tone="warning" icon="key">
            No key yet
          </Chip>
        )}
        {test === 'valid' && (
          <Chip tone="success" icon="check">
            Accepted by the service
          </Chip>
        )}
        {test === 'invalid' && (
          <Chip tone="danger" icon="x">
            Not accepted (401)
          </Chip>
        )}
      </p>
      <Field
        label="API key"
        hint="Stored only where the extension’s background can read it; never shown to web pages or sent anywhere but the API."
        error={inputError}
      >
        {({ id, describedBy, invalid }) => (
          <div className="opt-inline">
            <input
              id={id}
              className="ui-input opt-input--mono"
              type={visible ? 'text' : 'password'}
              value={draft}
              onChange={(e) => setDraft(e.currentTarget.value)}
              autoComplete="off"
              spellCheck={false}
              placeholder={keyInfo.present ? 'Paste a new key to replace the saved one' : 'Paste your API key'}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              maxLength={512}
            />
            <Button
              variant="ghost"
              aria-pressed={visible}
              onClick={() => setVisible((v) => !v)}
              aria-label={visible ? 'Hide key' : 'Show key'}
            >
              {visible ? 'Hide' : 'Show'}
            </Button>
          </div>
        )}
      </Field>
      <div className="opt-actions">
        <Button type="submit" variant="primary" icon="check" loading={busy === 'save'} disabled={busy !== null}>
          Save key
        </Button>
        <Button
          onClick={testKey}
          loading={busy === 'test'}
          disabled={!canTest || busy !== null}
          detail="free"
          title="Sends one request the service checks for the key but that looks nothing up: no credit is used."
        >
          {draft.trim() ? 'Test this key' : 'Test saved key'}
        </Button>
        {allowRemove && keyInfo.present && !confirmRemove && (
          <Button variant="ghost" icon="trash" onClick={() => setConfirmRemove(true)} disabled={busy !== null}>
            Remove key
          </Button>
        )}
      </div>
      {confirmRemove && (
        <div className="opt-confirm" role="group" aria-label="Confirm removing the key">
          <p>Remove the saved key? Lookups stop until you add one again; cached results stay.</p>
          <div className="opt-actions">
            <Button variant="danger" icon="trash" onClick={remove} loading={busy === 'remove'}>
              Remove key
            </Button>
            <Button variant="ghost" onClick={() => setConfirmRemove(false)} disabled={busy !== null}>
              Keep it
            </Button>
          </div>
        </div>
      )}
      <p className="opt-note">
        “Test” is free: it sends one request without lookup details, which the service answers with “invalid key”
        or “missing input” before doing any work.
      </p>
      <StatusLine status={status} />
      {error && (
        <ErrorState
          error={error}
          compact
          onRetry={() => void (failed === 'save' ? save() : failed === 'remove' ? remove() : testKey())}
        />
      )}
    </form>
  );
}
