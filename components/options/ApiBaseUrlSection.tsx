/**
 * The API base URL: validated as typed, and saved only after the browser granted the host permission for its
 * origin. The permission request runs first in the submit handler, while the click still counts as a user
 * gesture; a declined prompt changes nothing.
 */
import { type FormEvent, useState } from 'react';
import { Button, ErrorState, Section } from '@/components/ui';
import type { ErrorData } from '@/lib/model/errors';
import { originPattern, validateApiBaseUrl } from '@/lib/permissions';
import type { Settings, SettingsPatch } from '@/lib/settings/schema';
import { apiAddressUnset, baseUrlHelp, BUILD_HAS_NO_ADDRESS, DEFAULT_API_BASE_URL } from '@/components/shared/build';
import { Field, type Status, StatusLine } from './fields';
import { API_BASE_URL_PLACEHOLDER } from '@/components/shared/first-run';
import { changeAccess, requiredOrigins } from './permissions-glue';
import { toErrorData } from '@/components/shared/use-settings';
import { background } from '@/lib/messaging/extension';
import { t } from '@/lib/i18n/t';

export interface ApiBaseUrlSectionProps {
  settings: Settings;
  update: (patch: SettingsPatch) => Promise<Settings>;
  /** Onboarding numbers its steps ("1 · API address"). */
  title?: string;
  /** With a saved key, saving an address also checks the key there (free) and says how it went. */
  keyPresent?: boolean;
}

/** The free key check at the address just saved, in words to append to "Saved…" (and whether it passed). */
async function keyCheckAtNewAddress(): Promise<{ ok: boolean; text: string }> {
  try {
    const { valid } = await background.request('key/test', {});
    return valid ? { ok: true, text: t('options_url_key_accepted') } : { ok: false, text: t('options_url_key_refused') };
  } catch (e) {
    return { ok: false, text: t('options_url_key_unchecked', toErrorData(e).message) };
  }
}

export function ApiBaseUrlSection({ settings, update, title = t('options_api_address'), keyPresent = false }: ApiBaseUrlSectionProps) {
  // A build with no API address of its own stores a stand-in until the user saves one (build.ts apiAddressUnset).
  // Onboarding and the options page both show that as an empty box that says "not set yet": the options page showed
  // the stand-in filled in, with Save greyed out, while onboarding asked for an address.
  const unset = apiAddressUnset(settings.apiBaseUrl);
  const [draft, setDraft] = useState(unset ? '' : settings.apiBaseUrl);
  const [inputError, setInputError] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const [error, setError] = useState<ErrorData | null>(null);
  const [busy, setBusy] = useState(false);
  // Follow changes made elsewhere (the demo button, an import) unless the user is editing. An empty box (onboarding's
  // first step) follows too: it stayed empty beside a page saying where lookups now go.
  const [seen, setSeen] = useState(settings.apiBaseUrl);
  if (seen !== settings.apiBaseUrl) {
    setSeen(settings.apiBaseUrl);
    if (draft.trim() === seen || draft.trim() === '') setDraft(apiAddressUnset(settings.apiBaseUrl) ? '' : settings.apiBaseUrl);
  }
  // Where lookups go now, in words: the stand-in is no address a store user has.
  const currentAddress = unset ? t('a11y_api_address_not_set') : settings.apiBaseUrl;

  // Kept as a plain function of the current values so the permission request below starts synchronously.
  function save(target: string) {
    const checked = validateApiBaseUrl(target);
    if (!checked.ok) {
      setInputError(checked.message);
      setStatus(null);
      return;
    }
    setInputError(null);
    // A store build holds no host at install, so even the default's origin may still need the user's consent.
    const pattern = originPattern(checked.url);
    const newOrigin = pattern !== originPattern(settings.apiBaseUrl) || !requiredOrigins().includes(pattern ?? '');
    changeAccess(
      settings,
      { ...settings, apiBaseUrl: checked.url },
      { setStatus, setError, setBusy },
      (outcome) =>
        outcome.reason === 'declined'
          ? t('options_url_declined', new URL(checked.url).host, currentAddress)
          : t('options_url_refused', new URL(checked.url).host, outcome.message),
      async () => {
        const saved = await update({ apiBaseUrl: checked.url });
        setDraft(saved.apiBaseUrl);
        const text = newOrigin
          ? t('options_url_saved_with_access', new URL(saved.apiBaseUrl).host, saved.apiBaseUrl)
          : t('options_url_saved', saved.apiBaseUrl);
        if (!keyPresent) return { tone: 'success', text };
        const check = await keyCheckAtNewAddress();
        return { tone: check.ok ? 'success' : 'warning', text: `${text} ${check.text}` };
      },
    );
    // Shown while the browser's prompt is open (an origin already granted answers at once and replaces it).
    if (newOrigin) {
      setStatus({ tone: 'info', text: t('options_url_allow_prompt', new URL(checked.url).host) });
    }
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save(draft);
  };

  // While unset, Save stays live even on an empty box: its answer is what to type ("Enter the address…").
  const changed = unset || draft.trim() !== settings.apiBaseUrl;
  // No "Use the default" where the build has none: its stand-in would only make the address unset again.
  const isDefault = BUILD_HAS_NO_ADDRESS || settings.apiBaseUrl === DEFAULT_API_BASE_URL;
  return (
    <Section title={title} headingLevel={2}>
      <form className="opt-form" onSubmit={onSubmit} noValidate>
        <Field
          label={t('options_api_base_url')}
          hint={
            unset ? (
              <>
                {t('options_url_hint')} <span data-testid="api-address-unset">{t('a11y_url_not_set_hint')}</span>
              </>
            ) : BUILD_HAS_NO_ADDRESS ? (
              // Its "default" is the stand-in: naming it as the build's default contradicted "not set yet" above.
              t('options_url_hint')
            ) : (
              <>
                {t('options_url_hint')} {t('options_url_default_of_build')}{' '}
                <span className="ui-mono">{DEFAULT_API_BASE_URL}</span>.
              </>
            )
          }
          error={inputError}
        >
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              className="ui-input opt-input--mono"
              type="url"
              inputMode="url"
              value={draft}
              onChange={(e) => {
                setDraft(e.currentTarget.value);
                setStatus(null);
              }}
              spellCheck={false}
              autoComplete="off"
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              maxLength={2048}
              placeholder={unset ? API_BASE_URL_PLACEHOLDER : undefined}
            />
          )}
        </Field>
        <div className="opt-actions">
          <Button type="submit" variant="primary" icon="check" loading={busy} disabled={!changed}>
            {t('options_save_address')}
          </Button>
          {!isDefault && (
            <Button
              variant="ghost"
              icon="refresh"
              disabled={busy}
              onClick={() => {
                setDraft(DEFAULT_API_BASE_URL);
                save(DEFAULT_API_BASE_URL);
              }}
            >
              {t('options_use_default')}
            </Button>
          )}
        </div>
        <StatusLine status={status} />
        {error && <ErrorState error={error} compact />}
        <details className="opt-details">
          <summary>{t('options_how_default_chosen')}</summary>
          <p>{baseUrlHelp()}</p>
        </details>
      </form>
    </Section>
  );
}
