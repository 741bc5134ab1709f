/** What the extension sends to the API, and when — in plain words (options page and onboarding). */
import { Icon } from '@/components/ui';
import { t } from '@/lib/i18n/t';
import { apiAddressUnset } from '@/components/shared/build';

export function DataUse({ apiBaseUrl, titled = true }: { apiBaseUrl: string; titled?: boolean }) {
  let host = apiBaseUrl;
  try {
    host = new URL(apiBaseUrl).host;
  } catch {
    // Shown as stored; the settings reader only lets valid URLs through anyway.
  }
  // Before an address is saved the stored one is a stand-in (127.0.0.1:8787): naming it here contradicted the empty
  // address box beside it.
  if (apiAddressUnset(apiBaseUrl)) host = t('a11y_api_address_not_set');
  return (
    <div className="opt-datause">
      {titled && (
        <h3 className="opt-datause__title">
          <Icon name="shield" size={15} /> {t('options_datause_title')}
        </h3>
      )}
      <ul className="opt-datause__list">
        <li>
          <strong>{t('options_datause_browse_head')}</strong> {t('options_datause_browse')}
        </li>
        <li>
          <strong>{t('options_datause_lookup_head')}</strong> {t('options_datause_lookup', host)}
        </li>
        <li>
          <strong>{t('options_datause_bulk_head')}</strong> {t('options_datause_bulk', 1000)}
        </li>
        <li>
          <strong>{t('options_datause_never_head')}</strong> {t('options_datause_never')}
        </li>
        <li>
          <strong>{t('options_datause_kept_head')}</strong> {t('options_datause_kept')}
        </li>
      </ul>
    </div>
  );
}
