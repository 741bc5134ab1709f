/**
 * The team's settings, for a team admin in the options page: proxy mode on or off, and the team's API key set or
 * replaced. The key goes from this page to the background and on to the hub, and never comes back: after saving, the
 * page shows only that a key is set and its last four characters (as the hub says them), and the field is emptied.
 * Turning proxy mode off makes the hub forget the key (asked first).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button, Chip, ErrorState, useBusyAction } from '@/components/ui';
import { request } from '@/components/shared/hooks';
import { queryKeys } from '@/components/shared/query-client';
import { toErrorData } from '@/components/shared/use-settings';
import { TeamProxySchema, type TeamSettings } from '@/lib/hub-client/admin';
import { t } from '@/lib/i18n/t';
import { Field } from '../fields';
import { ConfirmAsk } from './ConfirmAsk';

const settingsKey = queryKeys.request('hub/admin/team', '');

function KeyState({ settings }: { settings: TeamSettings }) {
  if (!settings.proxy) {
    return (
      <p className="opt-note" data-testid="hub-proxy-state">
        <Chip tone="neutral">{t('team_settings_proxy_off')}</Chip> {t('team_settings_proxy_off_note')}
      </p>
    );
  }
  return (
    <p className="opt-note" data-testid="hub-proxy-state">
      <Chip tone="success" icon="check">
        {t('team_settings_proxy_on')}
      </Chip>{' '}
      {settings.keyEnd ? t('team_settings_key_set_end', settings.keyEnd) : t('team_settings_key_set')} {settings.upstreamUrl ? t('team_settings_sent_to', settings.upstreamUrl) : ''}
    </p>
  );
}

/** `serviceUrl`: the enrichment service's address to offer when the hub has none yet (the user's own API address). */
export function TeamSettingsView({ serviceUrl }: { serviceUrl: string }) {
  const client = useQueryClient();
  const query = useQuery({ queryKey: settingsKey, queryFn: () => request('hub/admin/team', {}) });
  const [apiKey, setApiKey] = useState('');
  const [upstream, setUpstream] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ apiKey?: string; upstream?: string }>({});
  const [asking, setAsking] = useState(false);
  const [saved, setSaved] = useState(false);
  const settings = query.data;
  const address = upstream ?? settings?.upstreamUrl ?? serviceUrl;

  const change = useBusyAction(async (proxy: { apiKey: string; upstreamUrl: string } | null) => {
    const next = await request('hub/admin/team/proxy', { proxy });
    client.setQueryData(settingsKey, next);
    // The key leaves this page with the request: nothing here keeps it.
    setApiKey('');
    setAsking(false);
    setSaved(proxy !== null);
  });

  const save = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const parsed = TeamProxySchema.safeParse({ proxy: { apiKey, upstreamUrl: address.trim() } });
    if (!parsed.success || !parsed.data.proxy) {
      const bad = new Set(parsed.success ? [] : parsed.error.issues.map((i) => i.path[1]));
      setErrors({ ...(bad.has('apiKey') ? { apiKey: apiKey.trim() === '' ? t('team_settings_key_empty') : t('team_settings_key_short') } : {}), ...(bad.has('upstreamUrl') ? { upstream: t('team_settings_address_invalid') } : {}) });
      return;
    }
    setErrors({});
    void change.run(parsed.data.proxy);
  };

  return (
    <div className="hub-usage" data-testid="hub-team-settings">
      <h3 className="opt-subtitle">{t('team_settings_title')}</h3>
      {query.isPending && <p className="opt-note">{t('team_usage_loading')}</p>}
      {query.isError && <ErrorState error={toErrorData(query.error)} compact onRetry={() => void query.refetch()} />}
      {settings && (
        <>
          <KeyState settings={settings} />
          <form className="opt-form" onSubmit={save} noValidate aria-label={t('team_settings_form')}>
            <Field label={settings.proxy ? t('team_settings_key_replace') : t('team_settings_key')} hint={t('team_settings_key_hint')} error={errors.apiKey ?? null}>
              {({ id, describedBy, invalid }) => (
                <input id={id} className="ui-input opt-input--mono" type="password" value={apiKey} onChange={(e) => { setApiKey(e.currentTarget.value); setSaved(false); }} autoComplete="off" spellCheck={false} aria-describedby={describedBy} aria-invalid={invalid || undefined} maxLength={500} />
              )}
            </Field>
            <Field label={t('team_settings_address')} hint={t('team_settings_address_hint')} error={errors.upstream ?? null}>
              {({ id, describedBy, invalid }) => (
                <input id={id} className="ui-input opt-input--mono" type="url" value={address} onChange={(e) => setUpstream(e.currentTarget.value)} spellCheck={false} autoComplete="off" aria-describedby={describedBy} aria-invalid={invalid || undefined} maxLength={2048} />
              )}
            </Field>
            <div className="opt-actions">
              <Button type="submit" variant="primary" icon="key" loading={change.busy && !asking}>
                {settings.proxy ? t('team_settings_save_replace') : t('team_settings_save_on')}
              </Button>
              {settings.proxy && !asking && (
                <Button variant="ghost" icon="x" onClick={() => setAsking(true)}>
                  {t('team_settings_turn_off')}
                </Button>
              )}
              {saved && (
                <span className="ui-muted" role="status">
                  {t('team_settings_saved')}
                </span>
              )}
            </div>
          </form>
          {asking && (
            <ConfirmAsk
              label={t('team_settings_turn_off')}
              question={t('team_settings_turn_off_confirm')}
              action={t('team_settings_turn_off')}
              busy={change.busy}
              onConfirm={() => void change.run(null)}
              onCancel={() => setAsking(false)}
            />
          )}
          {change.error && <ErrorState error={change.error} compact />}
        </>
      )}
    </div>
  );
}
