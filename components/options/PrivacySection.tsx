/**
 * When pages are scanned: on request (default), automatically on chosen sites, or everywhere. Each choice maps
 * to optional host permissions (lib/permissions/plan.ts), requested first inside the click handler and revoked
 * once no longer needed; a declined prompt keeps the previous choice.
 */
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { Button, ErrorState, IconButton, Section, StatusChip } from '@/components/ui';
import type { ErrorData } from '@/lib/messaging/protocol';
import { grantedOrigins, type ScanChoice, scanOrigins, siteLabel, sitePattern } from '@/lib/permissions';
import type { ScanMode, Settings, SettingsPatch } from '@/lib/settings/schema';
import { DataUse } from './DataUse';
import { Field, RadioCard, type Status, StatusLine } from './fields';
import { applyAccessChange, permissionsApi } from './permissions-glue';
import { toErrorData } from './use-settings';

export interface PrivacySectionProps {
  settings: Settings;
  update: (patch: SettingsPatch) => Promise<Settings>;
}

const MODE_WORDS: Record<ScanMode, string> = {
  'on-request': 'Scanning only when you ask',
  sites: 'Scanning automatically on your chosen sites',
  everywhere: 'Scanning automatically on every site',
};

export function PrivacySection({ settings, update }: PrivacySectionProps) {
  const [status, setStatus] = useState<Status>(null);
  const [error, setError] = useState<ErrorData | null>(null);
  const [busy, setBusy] = useState(false);
  const [granted, setGranted] = useState<Set<string> | null>(null);
  const [siteDraft, setSiteDraft] = useState('');
  const [siteError, setSiteError] = useState<string | null>(null);
  // The choice being applied (shown selected while the browser asks and the settings save; dropped if declined).
  const [pendingMode, setPendingMode] = useState<ScanMode | null>(null);
  const shownMode = pendingMode ?? settings.scanMode;

  const needed = scanOrigins(settings);
  const neededKey = needed.join(' ');
  const refreshGranted = useCallback(async () => {
    setGranted(await grantedOrigins(permissionsApi, neededKey ? neededKey.split(' ') : []));
  }, [neededKey]);
  useEffect(() => {
    void refreshGranted();
  }, [refreshGranted]);

  /** Applies a new choice: permissions first (synchronously, in the gesture), then the settings. */
  function change(to: ScanChoice, patch: SettingsPatch, success: string) {
    setError(null);
    setSiteError(null);
    setBusy(true);
    const permission = applyAccessChange(settings, { ...settings, ...to });
    void (async () => {
      try {
        const outcome = await permission;
        if (!outcome.ok) {
          setStatus({
            tone: 'warning',
            text:
              outcome.reason === 'declined'
                ? `Access was not granted, so nothing changed: ${MODE_WORDS[settings.scanMode].toLowerCase()}.`
                : `The browser refused the change (${outcome.message}). Nothing changed.`,
          });
          return;
        }
        await update(patch);
        setStatus(
          outcome.missing.length > 0
            ? { tone: 'warning', text: `${success} Some sites still need access: use “Grant access” below.` }
            : { tone: 'success', text: success },
        );
      } catch (e) {
        setStatus(null);
        setError(toErrorData(e));
      } finally {
        setBusy(false);
        setPendingMode(null);
        void refreshGranted();
      }
    })();
  }

  const selectMode = (value: string) => {
    const scanMode = value as ScanMode;
    if (scanMode === settings.scanMode) return;
    setPendingMode(scanMode);
    change({ scanMode, scanSites: settings.scanSites }, { scanMode }, `Saved. ${MODE_WORDS[scanMode]}.`);
  };

  const addSite = (event: FormEvent) => {
    event.preventDefault();
    const site = sitePattern(siteDraft);
    if (!site.ok) {
      setSiteError(site.message);
      return;
    }
    if (settings.scanSites.includes(site.pattern)) {
      setSiteError(`${site.label} is already in the list.`);
      return;
    }
    const scanSites = [...settings.scanSites, site.pattern];
    setSiteDraft('');
    change({ scanMode: settings.scanMode, scanSites }, { scanSites }, `Added ${site.label}.`);
  };

  const removeSite = (pattern: string) => {
    const scanSites = settings.scanSites.filter((p) => p !== pattern);
    change({ scanMode: settings.scanMode, scanSites }, { scanSites }, `Removed ${siteLabel(pattern)}; access to it was given back.`);
  };

  const grant = (origins: string[]) => {
    const request = permissionsApi.request({ origins });
    void request
      .then((ok) =>
        setStatus(ok ? { tone: 'success', text: 'Access granted.' } : { tone: 'warning', text: 'Access was not granted.' }),
      )
      .catch((e: unknown) => setError(toErrorData(e)))
      .finally(() => void refreshGranted());
  };

  const missing = granted ? needed.filter((o) => !granted.has(o)) : [];
  return (
    <Section title="Privacy: when pages are scanned" headingLevel={2}>
      <fieldset className="opt-fieldset" aria-busy={busy || undefined}>
        <legend className="ui-visually-hidden">When pages are scanned</legend>
        <RadioCard
          name="scan-mode"
          value="on-request"
          checked={shownMode === 'on-request'}
          onSelect={selectMode}
          disabled={busy}
          title="Only when I ask (recommended)"
        >
          A page is read when you open the side panel on it, click the toolbar button or use the right-click menu.
          Needs no access to any site.
        </RadioCard>
        <RadioCard
          name="scan-mode"
          value="sites"
          checked={shownMode === 'sites'}
          onSelect={selectMode}
          disabled={busy}
          title="Automatically on sites I choose"
        >
          Pages of the sites in your list are read as they load. The browser asks you to allow each site.
        </RadioCard>
        <RadioCard
          name="scan-mode"
          value="everywhere"
          checked={shownMode === 'everywhere'}
          onSelect={selectMode}
          disabled={busy}
          title="Automatically everywhere"
        >
          Every page you open is read as it loads. Needs access to all sites. Nothing is sent until you click.
        </RadioCard>
      </fieldset>

      {settings.scanMode === 'sites' && (
        <div className="opt-sites">
          <form className="opt-form" onSubmit={addSite} noValidate>
            <Field label="Add a site" hint="A domain like example.com, or *.example.com for all its subdomains." error={siteError}>
              {({ id, describedBy, invalid }) => (
                <div className="opt-inline">
                  <input
                    id={id}
                    className="ui-input"
                    value={siteDraft}
                    onChange={(e) => setSiteDraft(e.currentTarget.value)}
                    spellCheck={false}
                    autoComplete="off"
                    placeholder="example.com"
                    aria-describedby={describedBy}
                    aria-invalid={invalid || undefined}
                    maxLength={300}
                  />
                  <Button type="submit" icon="plus" disabled={busy}>
                    Add site
                  </Button>
                </div>
              )}
            </Field>
          </form>
          {settings.scanSites.length === 0 ? (
            <p className="opt-note">No sites yet: until you add one, pages are scanned only when you ask.</p>
          ) : (
            <ul className="opt-sites__list" aria-label="Sites scanned automatically">
              {settings.scanSites.map((pattern) => (
                <li key={pattern} className="opt-sites__item">
                  <span className="ui-mono ui-truncate">{siteLabel(pattern)}</span>
                  <AccessChip granted={granted?.has(pattern)} />
                  <IconButton icon="trash" label={`Remove ${siteLabel(pattern)}`} onClick={() => removeSite(pattern)} disabled={busy} />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}

      {settings.scanMode === 'everywhere' && granted && (
        <p className="opt-inline-status">
          <AccessChip granted={missing.length === 0} />
        </p>
      )}
      {missing.length > 0 && (
        <div className="opt-callout" role="note">
          <p>
            {missing.length === 1 ? 'One site has' : `${missing.length} sites have`} no access (declined, or removed
            in the browser’s extension settings), so {missing.length === 1 ? 'it is' : 'they are'} not scanned
            automatically.
          </p>
          <Button size="sm" variant="primary" onClick={() => grant(missing)}>
            Grant access
          </Button>
        </div>
      )}
      <StatusLine status={status} />
      {error && <ErrorState error={error} compact />}
      <DataUse apiBaseUrl={settings.apiBaseUrl} />
    </Section>
  );
}

function AccessChip({ granted }: { granted: boolean | undefined }) {
  if (granted === undefined) return <StatusChip tone="neutral">Checking…</StatusChip>;
  return granted ? <StatusChip tone="success">Access granted</StatusChip> : <StatusChip tone="warning">No access</StatusChip>;
}
