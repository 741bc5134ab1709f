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
import { applyAccessChange } from './permissions-glue';
import { toErrorData } from './use-settings';

export interface TransferSectionProps {
  settings: Settings;
  onKeyChanged: () => void;
}

type Loaded = Extract<ImportResult, { ok: true }> & { fileName: string };

const SCAN_WORDS = { 'on-request': 'only when you ask', sites: 'automatically on chosen sites', everywhere: 'automatically everywhere' };

/** One line per setting the file changes, in words. */
function describePatch(patch: SettingsPatch, current: Settings): string[] {
  const lines: string[] = [];
  if (patch.apiBaseUrl !== undefined && patch.apiBaseUrl !== current.apiBaseUrl) lines.push(`API address → ${patch.apiBaseUrl}`);
  if (patch.scanMode !== undefined && patch.scanMode !== current.scanMode) lines.push(`Scanning → ${SCAN_WORDS[patch.scanMode]}`);
  if (patch.scanSites !== undefined && patch.scanSites.join() !== current.scanSites.join()) {
    lines.push(`Sites → ${patch.scanSites.length === 0 ? 'none' : patch.scanSites.map(siteLabel).join(', ')}`);
  }
  if (patch.lookupDefaults !== undefined && JSON.stringify(patch.lookupDefaults) !== JSON.stringify(current.lookupDefaults)) {
    lines.push('Lookup defaults');
  }
  if (patch.cache !== undefined && JSON.stringify(patch.cache) !== JSON.stringify(current.cache)) {
    lines.push(`Cache → ${patch.cache.hitTtlDays} days for results, ${patch.cache.missTtlDays} for no match`);
  }
  if (patch.dailyBudget !== undefined && patch.dailyBudget !== current.dailyBudget) {
    lines.push(`Daily budget → ${patch.dailyBudget === null ? 'no limit' : `${patch.dailyBudget} credits`}`);
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
      text: includeKey && keyToInclude.trim() ? 'Exported, with your API key: keep the file private.' : 'Exported (without your API key).',
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
    setBusy(true);
    setError(null);
    // Permissions first, in the click: the file may change the API address or the privacy choice.
    const permission = applyAccessChange(settings, next);
    void (async () => {
      try {
        const outcome = await permission;
        if (!outcome.ok) {
          setStatus({ tone: 'warning', text: 'The browser did not grant the access these settings need, so nothing was imported.' });
          return;
        }
        // One request: the background validates the settings and the key together and writes both or neither.
        const withKey = replaceKey && loaded.apiKey !== undefined;
        await background.request('settings/import', {
          settings: loaded.settings,
          ...(withKey ? { apiKey: loaded.apiKey } : {}),
        });
        if (withKey) onKeyChanged();
        setStatus({
          tone: 'success',
          text: `Imported ${loaded.fileName}${replaceKey && loaded.apiKey ? ', including the API key' : ''}.`,
        });
        setLoaded(null);
      } catch (e) {
        setStatus(null);
        setError(toErrorData(e));
      } finally {
        setBusy(false);
      }
    })();
  }

  const changes = loaded ? describePatch(loaded.settings, settings) : [];
  return (
    <Section title="Export and import" headingLevel={2}>
      <div className="opt-split">
        <div className="opt-form">
          <h3 className="opt-subtitle">Export</h3>
          <Checkbox
            checked={includeKey}
            onChange={(e) => setIncludeKey(e.currentTarget.checked)}
            label="Include my API key"
            description="Off by default. The extension never reads a saved key back out, so paste it here to include it."
          />
          {includeKey && (
            <Field label="API key to include" error={keyToInclude.trim() ? null : 'Paste the key, or untick “Include my API key”.'}>
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
              Export settings
            </Button>
          </div>
        </div>
        <div className="opt-form">
          <h3 className="opt-subtitle">Import</h3>
          <p className="opt-note">A file exported from this page. You see what changes before anything is applied.</p>
          <input
            ref={fileInput}
            className="ui-visually-hidden"
            type="file"
            accept="application/json,.json"
            aria-label="Choose a settings file"
            tabIndex={-1}
            onChange={(e) => void onFile(e)}
          />
          <div className="opt-actions">
            <Button icon="file" onClick={() => fileInput.current?.click()}>
              Choose a settings file…
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
            <div className="opt-callout" role="group" aria-label="Settings to import">
              <p>
                <strong>{loaded.fileName}</strong>{' '}
                {changes.length === 0 ? 'matches your current settings.' : 'changes:'}
              </p>
              {changes.length > 0 && (
                <ul className="opt-issues">
                  {changes.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              )}
              {loaded.ignored.length > 0 && (
                <p className="opt-note">Ignored (unknown to this version): {loaded.ignored.join(', ')}.</p>
              )}
              {loaded.apiKey && (
                <Checkbox
                  checked={replaceKey}
                  onChange={(e) => setReplaceKey(e.currentTarget.checked)}
                  label="Also replace my API key with the one in this file"
                />
              )}
              <div className="opt-actions">
                <Button variant="primary" icon="check" onClick={applyImport} loading={busy}>
                  Import
                </Button>
                <Button variant="ghost" onClick={() => setLoaded(null)} disabled={busy}>
                  Cancel
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
