/**
 * Export settings to a JSON file (the API key only when asked) and import one: the file is validated whole
 * (lib/settings-transfer), previewed, and applied with the host permissions it needs, asked for in the click.
 */
import { type ChangeEvent, useRef, useState } from 'react';
import { Button, Checkbox, ErrorState, Section } from '@/components/ui';
import { background } from '@/lib/messaging/extension';
import type { ErrorData } from '@/lib/messaging/protocol';
import { siteLabel } from '@/lib/permissions';
import type { Settings, SettingsPatch } from '@/lib/settings/schema';
import { exportFileName, type ImportResult, parseSettingsFile, serialiseSettings } from '@/lib/settings-transfer';
import { Field, type Status, StatusLine } from './fields';
import { changeAccess } from './permissions-glue';
import { t, tn } from '@/lib/i18n/t';

export interface TransferSectionProps {
  settings: Settings;
  onKeyChanged: () => void;
}

type Loaded = Extract<ImportResult, { ok: true }> & { fileName: string };

/** Getters: the words are read in the UI language when shown. */
const SCAN_WORDS = {
  get 'on-request'() { return t('options_transfer_scan_on_request'); },
  get sites() { return t('options_transfer_scan_sites'); },
  get everywhere() { return t('options_transfer_scan_everywhere'); },
};

/** One line per setting the file changes, in words. */
function describePatch(patch: SettingsPatch, current: Settings): string[] {
  const lines: string[] = [];
  if (patch.apiBaseUrl !== undefined && patch.apiBaseUrl !== current.apiBaseUrl) lines.push(t('options_transfer_address', patch.apiBaseUrl));
  if (patch.scanMode !== undefined && patch.scanMode !== current.scanMode) lines.push(t('options_transfer_scanning', SCAN_WORDS[patch.scanMode]));
  if (patch.scanSites !== undefined && patch.scanSites.join() !== current.scanSites.join()) {
    lines.push(t('options_transfer_sites', patch.scanSites.length === 0 ? t('options_transfer_none') : patch.scanSites.map(siteLabel).join(', ')));
  }
  if (patch.lookupDefaults !== undefined && JSON.stringify(patch.lookupDefaults) !== JSON.stringify(current.lookupDefaults)) {
    lines.push(t('options_defaults_title'));
  }
  if (patch.cache !== undefined && JSON.stringify(patch.cache) !== JSON.stringify(current.cache)) {
    lines.push(t('options_transfer_cache', patch.cache.hitTtlDays, patch.cache.missTtlDays));
  }
  if (patch.dailyBudget !== undefined && patch.dailyBudget !== current.dailyBudget) {
    lines.push(t('options_transfer_budget', patch.dailyBudget === null ? t('options_transfer_no_limit') : tn('credits', patch.dailyBudget)));
  }
  return lines;
}

export function TransferSection({ settings, onKeyChanged }: TransferSectionProps) {
  const [includeKey, setIncludeKey] = useState(false);
  const [keyToInclude, setKeyToInclude] = useState('');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [importError, setImportError] = useState<Extract<ImportResult, { ok: false }> | null>(null);
  const [replaceKey, setReplaceKey] = useState(false);
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
    } else setImportError(result);
  }

  function applyImport() {
    if (!loaded) return;
    const next = { ...settings, ...loaded.settings };
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
          settings: loaded.settings,
          ...(withKey ? { apiKey: loaded.apiKey } : {}),
        });
        if (withKey) onKeyChanged();
        setLoaded(null);
        return {
          tone: 'success',
          text: replaceKey && loaded.apiKey ? t('options_imported_with_key', loaded.fileName) : t('options_imported', loaded.fileName),
        };
      },
    );
  }

  const changes = loaded ? describePatch(loaded.settings, settings) : [];
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
              {importError.issues.length > 0 && (
                <ul className="opt-issues">
                  {importError.issues.map((issue) => (
                    <li key={issue} className="ui-mono">
                      {issue}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
          {loaded && (
            <div className="opt-callout" role="group" aria-label={t('options_settings_to_import')}>
              <p>
                <strong>{loaded.fileName}</strong>{' '}
                {changes.length === 0 ? t('options_import_matches') : t('options_import_changes')}
              </p>
              {changes.length > 0 && (
                <ul className="opt-issues">
                  {changes.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
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
