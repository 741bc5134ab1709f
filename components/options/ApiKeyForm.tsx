/**
 * The API key: typed masked (show/hide), saved through 'key/set' into the key store only the background can read,
 * tested with the free check (lib/api/decisions.ts D5), removed. The page never gets the stored key back: it
 * only knows whether one exists and its last four characters.
 */
import { type FormEvent, useState } from 'react';
import { Button, Chip, ErrorState, timeAgo } from '@/components/ui';
import { background } from '@/lib/messaging/extension';
import { ApiKeySchema } from '@/lib/messaging/protocol';
import type { ErrorData } from '@/lib/model/errors';
import { Field, type Status, StatusLine } from './fields';
import { toErrorData } from '@/components/shared/use-settings';
import { t } from '@/lib/i18n/t';

export interface ApiKeyFormProps {
  keyInfo: { present: boolean; hint: string | null; rejectedAt?: number | null };
  /** Where the key is checked (named in the message when the service refuses it). */
  apiBaseUrl: string;
  /** After the key was saved or removed (the caller reloads the settings snapshot). */
  onChanged: () => void;
  /** Onboarding shows only save (and test); the options page can also remove. */
  allowRemove?: boolean;
}

type TestResult = 'valid' | 'invalid' | null;

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

export function ApiKeyForm({ keyInfo, apiBaseUrl, onChanged, allowRemove = true }: ApiKeyFormProps) {
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
      setInputError(t('options_key_paste_first'));
      return;
    }
    if (!ApiKeySchema.safeParse(key).success) {
      setInputError(t('options_key_malformed'));
      return;
    }
    setInputError(null);
    setError(null);
    setTest(null);
    setBusy('save');
    // The free check runs before saving: a key the service refuses is not saved (it was saved, then reported, and a
    // user who missed the line had a key that failed every lookup). A check that cannot run (the service is down)
    // does not block saving: the key is kept and the reason given.
    setStatus({ tone: 'info', text: t('options_key_check_first') });
    let checked: TestResult | 'unchecked';
    let uncheckedReason = '';
    try {
      setFailed('test');
      checked = await runTest(key);
    } catch (e) {
      checked = 'unchecked';
      uncheckedReason = toErrorData(e).message;
      setTest(null);
    }
    if (checked === 'invalid') {
      setStatus({ tone: 'warning', text: t('options_key_refused_not_saved', hostOf(apiBaseUrl)) });
      setBusy(null);
      return;
    }
    try {
      setFailed('save');
      await background.request('key/set', { key });
      setDraft('');
      setVisible(false);
      onChanged();
      setStatus(
        checked === 'valid'
          ? { tone: 'success', text: t('options_key_saved_accepted') }
          : { tone: 'warning', text: t('options_key_saved_unchecked', uncheckedReason) },
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
      setStatus({ tone: 'success', text: t('options_key_removed') });
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
              {t('options_key_saved')}
            </Chip>{' '}
            <span className="ui-muted">
              {t('options_key_ends_in')} <span className="ui-mono">{keyInfo.hint ?? '…'}</span>
            </span>
          </>
        ) : (
          <Chip tone="warning" icon="key">
            {t('options_no_key_yet')}
          </Chip>
        )}
        {test === 'valid' && (
          <Chip tone="success" icon="check">
            {t('options_key_accepted')}
          </Chip>
        )}
        {test === 'invalid' && (
          <Chip tone="danger" icon="x">
            {t('options_key_not_accepted')}
          </Chip>
        )}
        {/* The service refused the saved key (a lookup's 401): said here, where its error's "Open settings" lands. */}
        {test === null && keyInfo.present && keyInfo.rejectedAt != null && (
          <span data-testid="key-rejected">
            <Chip tone="danger" icon="alert">
              {t('options_key_rejected', timeAgo(keyInfo.rejectedAt))}
            </Chip>
          </span>
        )}
      </p>
      <Field
        label={t('options_api_key')}
        hint={t('options_key_hint')}
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
              placeholder={keyInfo.present ? t('options_key_placeholder_replace') : t('options_key_placeholder')}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              maxLength={512}
            />
            <Button
              variant="ghost"
              aria-pressed={visible}
              onClick={() => setVisible((v) => !v)}
              aria-label={visible ? t('options_hide_key') : t('options_show_key')}
            >
              {visible ? t('options_hide') : t('options_show')}
            </Button>
          </div>
        )}
      </Field>
      <div className="opt-actions">
        <Button type="submit" variant="primary" icon="check" loading={busy === 'save'} disabled={busy !== null}>
          {t('options_save_key')}
        </Button>
        <Button
          onClick={testKey}
          loading={busy === 'test'}
          disabled={!canTest || busy !== null}
          detail={t('credits_free')}
          title={t('options_test_explained')}
        >
          {draft.trim() ? t('options_test_this_key') : t('options_test_saved_key')}
        </Button>
        {allowRemove && keyInfo.present && !confirmRemove && (
          <Button variant="ghost" icon="trash" onClick={() => setConfirmRemove(true)} disabled={busy !== null}>
            {t('options_remove_key')}
          </Button>
        )}
      </div>
      {confirmRemove && (
        <div className="opt-confirm" role="group" aria-label={t('options_confirm_remove_label')}>
          <p>{t('options_confirm_remove')}</p>
          <div className="opt-actions">
            <Button variant="danger" icon="trash" onClick={remove} loading={busy === 'remove'}>
              {t('options_remove_key')}
            </Button>
            <Button variant="ghost" onClick={() => setConfirmRemove(false)} disabled={busy !== null}>
              {t('options_keep_it')}
            </Button>
          </div>
        </div>
      )}
      <p className="opt-note">
        {t('options_test_note')}
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
