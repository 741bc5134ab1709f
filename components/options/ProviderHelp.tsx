/**
 * Where a new user gets a key: "Get a key from <provider>" and its price list when the build has a provider profile;
 * otherwise what to ask a provider for, with the packaged guide. Onboarding and the options page both show it.
 */
import { Icon } from '@/components/ui';
import { t } from '@/lib/i18n/t';
import { PROVIDER, providerGuideUrl, supportHref } from './provider';

const external = { target: '_blank', rel: 'noopener noreferrer' } as const;

export function ProviderHelp() {
  if (PROVIDER === null) {
    return (
      <div className="opt-provider" data-testid="provider-none">
        <p className="opt-note">{t('options_provider_none')}</p>
        <p>
          <a href={providerGuideUrl()} {...external}>
            {t('options_provider_guide')}
          </a>
        </p>
      </div>
    );
  }
  const { name, keyUrl, pricingUrl, docsUrl, support } = PROVIDER;
  return (
    <div className="opt-provider" data-testid="provider-profile">
      <p className="opt-note">{t('options_provider_made_for', name)}</p>
      <p className="opt-actions">
        <a className="ui-button ui-button--primary ui-button--md" href={keyUrl} {...external}>
          <Icon name="key" size={15} />
          <span className="ui-button__label">{t('options_provider_get_key', name)}</span>
        </a>
        {pricingUrl && (
          <a className="ui-button ui-button--secondary ui-button--md" href={pricingUrl} {...external}>
            <span className="ui-button__label">{t('options_provider_prices', name)}</span>
          </a>
        )}
      </p>
      <p className="ui-muted">
        <a href={docsUrl ?? providerGuideUrl()} {...external}>
          {t('options_provider_docs')}
        </a>
        {support && (
          <>
            {' · '}
            {t('options_provider_support')}{' '}
            <a href={supportHref(support)} {...external}>
              {support}
            </a>
          </>
        )}
      </p>
    </div>
  );
}
