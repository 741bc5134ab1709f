/**
 * Export settings to a JSON file (the API key only when asked) and import one: the file is validated whole
 * (lib/settings-transfer), previewed, and applied with the host permissions it needs, asked for in the click.
 * A new API address is its own step, off by default: the saved key goes wherever the address points. Changes to
 * prices and spending limits are another, off by default too: they are shown old → new and applied only when ticked.
 */
import { type ChangeEvent, useRef, useState } from 'react';
import { Button, Checkbox, ErrorState, Section } from '@/components/ui';
import { background } from '@/lib/messaging/extension';
import type { ErrorData } from '@/lib/model/errors';
import type { Settings } from '@/lib/settings/schema';
import {
  addressChangeOf,
  describePatch,
  exportFileName,
  type ImportResult,
  parseSettingsFile,
  priceChangesOf,
  serialiseSettings,
  settingsToApply,
} from '@/lib/settings-transfer';
import { Field, type Status, StatusLine } from './fields';
import { changeAccess } from './permissions-glue';
import { PriceChangesStep } from './PriceChangesStep';
import { t } from '@/lib/i18n/t';

export interface TransferSectionProps {
  settings: Settings;
  onKeyChanged: () => void;
}

type Loaded = Extract<ImportResult, { ok: true }> & { fileName: string };

export function TransferSection({ settings, onKeyChanged }: TransferSectionProps) {
  const [includeKey, setIncludeKey] = useState(false);
  const [keyToInclude, setKeyToInclude] = useState('');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [importError, setImportError] = useState<Extract<ImportResult, { ok: false }> | null>(null);
  const [replaceKey, setReplaceKey] = useState(false);
  const [changeAddress, setChangeAddress] = useState(false);
  const [changePrices, setChangePrices] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const [error, setError] = useState<ErrorData | null>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  function exportNow() {
    const now = new Date();
    const text = serialiseSettings(settings, { apiKey: includeKey ? keyToInclude : undefined, now });
    const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = exportFileName(now);
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    setStatus({
      tone: 'success',
      text: includeKey && keyToInclude.trim() ? t('options_exported_with_key') : t('options_exported'),
    });
  }

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    setLoaded(null);
    setImportError(null);
    setStatus(null);
    if (!file) return;
    const result = parseSettingsFile(await file.text());
    if (result.ok) {
      setLoaded({ ...result, fileName: file.name });
      setReplaceKey(false);
      setChangeAddress(false);
      setChangePrices(false);
    } else setImportError(result);
  }

  function applyImport() {
    if (!loaded) return;
    // The file's API address only when ticked: otherwise the key keeps going where it went.
    const address = addressChangeOf(loaded.settings, settings);
    const prices = priceChangesOf(loaded.settings, settings);
    const apply = settingsToApply(loaded.settings, settings, { changeAddress: changeAddress && address !== null, changePrices });
    const addressKept = address !== null && apply.apiBaseUrl === undefined;
    const pricesKept = prices.length > 0 && !changePrices;
    const next = { ...settings, ...apply };
    // Permissions first, in the click: the file may change the API address or the privacy choice.
    changeAccess(
      settings,
      next,
      { setStatus, setError, setBusy },
      () => t('options_import_not_granted'),
      async () => {
        // One request: the background validates the settings and the key together and writes both or neither.
        const withKey = replaceKey && loaded.apiKey !== undefined;
        await background.request('settings/import', {
          settings: apply,
          ...(withKey ? { apiKey: loaded.apiKey } : {}),
        });
        if (withKey) onKeyChanged();
        setLoaded(null);
        const imported = replaceKey && loaded.apiKey ? t('options_imported_with_key', loaded.fileName) : t('options_imported', loaded.fileName);
        const kept = [
          addressKept ? t('options_import_address_kept') : '',
          pricesKept ? t('options_import_prices_kept', prices.map((p) => p.label).join(', ')) : '',
        ];
        return { tone: 'success', text: [imported, ...kept].filter(Boolean).join(' ') };
      },
    );
  }

  const changes = loaded ? describePatch(loaded.settings, settings) : [];
  const address = loaded ? addressChangeOf(loaded.settings, settings) : null;
  const prices = loaded ? priceChangesOf(loaded.settings, settings) : [];
  return (
    <Section title={t('options_transfer_title')} headingLevel={2}>
      <div className="opt-split">
        <div className="opt-form">
          <h3 className="opt-subtitle">{t('options_export')}</h3>
          <Checkbox
            checked={includeKey}
            onChange={(e) => setIncludeKey(e.currentTarget.checked)}
            label={t('options_include_key')}
            description={t('options_include_key_hint')}
          />
          {includeKey && (
            <Field label={t('options_key_to_include')} error={keyToInclude.trim() ? null : t('options_key_to_include_missing')}>
              {({ id, describedBy, invalid }) => (
                <input
                  id={id}
                  className="ui-input opt-input--mono"
                  type="password"
                  value={keyToInclude}
                  onChange={(e) => setKeyToInclude(e.currentTarget.value)}
                  autoComplete="off"
                  aria-describedby={describedBy}
                  aria-invalid={invalid || undefined}
                  maxLength={512}
                />
              )}
            </Field>
          )}
          <div className="opt-actions">
            <Button icon="download" onClick={exportNow} disabled={includeKey && !keyToInclude.trim()}>
              {t('options_export_settings')}
            </Button>
          </div>
        </div>
        <div className="opt-form">
          <h3 className="opt-subtitle">{t('options_import')}</h3>
          <p className="opt-note">{t('options_import_hint')}</p>
          <input
            ref={fileInput}
            className="ui-visually-hidden"
            type="file"
            accept="application/json,.json"
            aria-label={t('options_choose_file_label')}
            tabIndex={-1}
            onChange={(e) => void onFile(e)}
          />
          <div className="opt-actions">
            <Button icon="file" onClick={() => fileInput.current?.click()}>
              {t('options_choose_file')}
            </Button>
          </div>
          {importError && (
            <div className="opt-callout opt-callout--danger" role="alert">
              <p>
                <strong>{importError.message}</strong>
              </p>
              {importError.reasons.length > 0 && (
                <ul className="opt-issues">
                  {importError.reasons.map((reason) => (
                    <li key={reason}>{reason}</li>
                  ))}
                </ul>
              )}
              {importError.issues.length > 0 && (
                <details className="opt-details">
                  <summary>{t('options_transfer_issue_details')}</summary>
                  <ul className="opt-issues">
                    {importError.issues.map((issue) => (
                      <li key={issue} className="ui-mono" translate="no">
                        {issue}
                      </li>
                    ))}
                  </ul>
                </details>
              )}
            </div>
          )}
          {loaded && (
            <div className="opt-callout" role="group" aria-label={t('options_settings_to_import')}>
              <p>
                <strong>{loaded.fileName}</strong>{' '}
                {changes.length > 0
                  ? t('options_import_changes')
                  : prices.length > 0
                    ? t('options_import_matches_but_below')
                    : address
                      ? t('options_import_matches_but_address')
                      : t('options_import_matches')}
              </p>
              {changes.length > 0 && (
                <ul className="opt-issues">
                  {changes.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              )}
              {address && (
                <div className="opt-confirm" role="note">
                  <p>{t('options_import_address_warning', address.host, address.to)}</p>
                  <Checkbox
                    checked={changeAddress}
                    onChange={(e) => setChangeAddress(e.currentTarget.checked)}
                    label={t('options_import_address_opt_in', address.host)}
                  />
                </div>
              )}
              {prices.length > 0 && (
                <PriceChangesStep changes={prices} checked={changePrices} onChange={setChangePrices} />
              )}
              {loaded.ignored.length > 0 && (
                <p className="opt-note">{t('options_import_ignored', loaded.ignored.join(', '))}</p>
              )}
              {loaded.apiKey && (
                <Checkbox
                  checked={replaceKey}
                  onChange={(e) => setReplaceKey(e.currentTarget.checked)}
                  label={t('options_import_replace_key')}
                />
              )}
              <div className="opt-actions">
                <Button variant="primary" icon="check" onClick={applyImport} loading={busy}>
                  {t('options_import')}
                </Button>
                <Button variant="ghost" onClick={() => setLoaded(null)} disabled={busy}>
                  {t('common_cancel')}
                </Button>
              </div>
            </div>
          )}
        </div>
      </div>
      <StatusLine status={status} />
      {error && <ErrorState error={error} compact />}
    </Section>
  );
}
