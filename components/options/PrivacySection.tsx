/**
 * When pages are scanned: on request (default), automatically on chosen sites, or everywhere. Each choice maps
 * to optional host permissions (lib/permissions/plan.ts), requested first inside the click handler and revoked
 * once no longer needed; a declined prompt keeps the previous choice.
 */
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { Button, ErrorState, IconButton, Section, StatusChip } from '@/components/ui';
import type { ErrorData } from '@/lib/model/errors';
import { grantedOrigins, type ScanChoice, scanOrigins, siteLabel, sitePattern } from '@/lib/permissions';
import type { ScanMode, Settings, SettingsPatch } from '@/lib/settings/schema';
import { DataUse } from './DataUse';
import { Field, RadioCard, type Status, StatusLine } from './fields';
import { changeAccess, permissionsApi } from './permissions-glue';
import { toErrorData } from '@/components/shared/use-settings';
import { type MessageKey, t, tn, uiLanguage } from '@/lib/i18n/t';

export interface PrivacySectionProps {
  settings: Settings;
  update: (patch: SettingsPatch) => Promise<Settings>;
}

/** Getters: the words are read in the UI language when shown. */
const MODE_WORDS: Record<ScanMode, string> = {
  get 'on-request'() { return t('options_scan_on_request'); },
  get sites() { return t('options_scan_sites'); },
  get everywhere() { return t('options_scan_everywhere'); },
};

/** The choices, in order, with their title and hint. */
const MODE_CHOICES = [
  ['on-request', 'options_mode_on_request', 'options_mode_on_request_hint'],
  ['sites', 'options_mode_sites', 'options_mode_sites_hint'],
  ['everywhere', 'options_mode_everywhere', 'options_mode_everywhere_hint'],
] as const satisfies readonly (readonly [ScanMode, MessageKey, MessageKey])[];

/** "Scanning only…" → "scanning only…", for use inside a sentence (only the first letter: German nouns stay capital). */
const inSentence = (words: string) => words.charAt(0).toLocaleLowerCase(uiLanguage()) + words.slice(1);

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
    setSiteError(null);
    changeAccess(
      settings,
      { ...settings, ...to },
      { setStatus, setError, setBusy },
      (outcome) =>
        outcome.reason === 'declined'
          ? t('options_privacy_declined', inSentence(MODE_WORDS[settings.scanMode]))
          : t('options_privacy_refused', outcome.message),
      async (outcome) => {
        await update(patch);
        return outcome.missing.length > 0 ? { tone: 'warning', text: t('options_privacy_still_missing', success) } : { tone: 'success', text: success };
      },
      () => {
        setPendingMode(null);
        void refreshGranted();
      },
    );
  }

  const selectMode = (value: string) => {
    const scanMode = value as ScanMode;
    if (scanMode === settings.scanMode) return;
    setPendingMode(scanMode);
    change({ scanMode, scanSites: settings.scanSites }, { scanMode }, t('options_privacy_saved', MODE_WORDS[scanMode]));
  };

  const addSite = (event: FormEvent) => {
    event.preventDefault();
    const site = sitePattern(siteDraft);
    if (!site.ok) {
      setSiteError(site.message);
      return;
    }
    if (settings.scanSites.includes(site.pattern)) {
      setSiteError(t('options_site_already', site.label));
      return;
    }
    const scanSites = [...settings.scanSites, site.pattern];
    setSiteDraft('');
    change({ scanMode: settings.scanMode, scanSites }, { scanSites }, t('options_site_added', site.label));
  };

  const removeSite = (pattern: string) => {
    const scanSites = settings.scanSites.filter((p) => p !== pattern);
    change({ scanMode: settings.scanMode, scanSites }, { scanSites }, t('options_site_removed', siteLabel(pattern)));
  };

  const grant = (origins: string[]) => {
    const request = permissionsApi.request({ origins });
    void request
      .then((ok) =>
        setStatus(ok ? { tone: 'success', text: t('options_access_granted_done') } : { tone: 'warning', text: t('options_access_not_granted') }),
      )
      .catch((e: unknown) => setError(toErrorData(e)))
      .finally(() => void refreshGranted());
  };

  const missing = granted ? needed.filter((o) => !granted.has(o)) : [];
  return (
    <Section title={t('options_privacy_section')} headingLevel={2}>
      <fieldset className="opt-fieldset" aria-busy={busy || undefined}>
        <legend className="ui-visually-hidden">{t('options_privacy_when')}</legend>
        {MODE_CHOICES.map(([mode, title, hint]) => (
          <RadioCard key={mode} name="scan-mode" value={mode} checked={shownMode === mode} onSelect={selectMode} disabled={busy} title={t(title)}>
            {t(hint)}
          </RadioCard>
        ))}
      </fieldset>

      {settings.scanMode === 'sites' && (
        <div className="opt-sites">
          <form className="opt-form" onSubmit={addSite} noValidate>
            <Field label={t('options_site_add_label')} hint={t('options_site_add_hint')} error={siteError}>
              {({ id, describedBy, invalid }) => (
                <div className="opt-inline">
                  <input
                    id={id}
                    className="ui-input"
                    value={siteDraft}
                    onChange={(e) => setSiteDraft(e.currentTarget.value)}
                    spellCheck={false}
                    autoComplete="off"
                    placeholder={t('options_site_placeholder')}
                    aria-describedby={describedBy}
                    aria-invalid={invalid || undefined}
                    maxLength={300}
                  />
                  <Button type="submit" icon="plus" disabled={busy}>
                    {t('options_site_add')}
                  </Button>
                </div>
              )}
            </Field>
          </form>
          {settings.scanSites.length === 0 ? (
            <p className="opt-note">{t('options_sites_none')}</p>
          ) : (
            <ul className="opt-sites__list" aria-label={t('options_sites_list')}>
              {settings.scanSites.map((pattern) => (
                <li key={pattern} className="opt-sites__item">
                  <span className="ui-mono ui-truncate">{siteLabel(pattern)}</span>
                  <AccessChip granted={granted?.has(pattern)} />
                  <IconButton icon="trash" label={t('options_site_remove', siteLabel(pattern))} onClick={() => removeSite(pattern)} disabled={busy} />
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
            {tn('options_sites_missing', missing.length)}
          </p>
          <Button size="sm" variant="primary" onClick={() => grant(missing)}>
            {t('options_grant_access')}
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
  if (granted === undefined) return <StatusChip tone="neutral">{t('options_access_checking')}</StatusChip>;
  return granted ? (
    <StatusChip tone="success">{t('options_access_granted')}</StatusChip>
  ) : (
    <StatusChip tone="warning">{t('options_access_none')}</StatusChip>
  );
}
