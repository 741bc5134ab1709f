// The Lookalikes view before a target is chosen: a website box that opens lookalike companies.
import { type FormEvent, useState } from 'react';
import { Button, EmptyState, TextField, displayUrl, safeWebsiteUrl } from '@/components/ui';
import { useNavigation } from '../navigation';
import { t } from '@/lib/i18n/t';

/** No target yet: ask for a company website. */
export function LookalikeStart() {
  const nav = useNavigation();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const safe = safeWebsiteUrl(url);
    if (!safe) {
      setError(t('lookalikes_start_invalid'));
      return;
    }
    nav.openLookalikes({ kind: 'companies', url: url.trim(), label: displayUrl(safe) });
  };
  return (
    <div className="sp-view">
      <EmptyState icon="sparkles" title={t('lookalikes_start_title')}>
        <p>{t('lookalikes_start_text')}</p>
      </EmptyState>
      <form className="sp-inline-form" onSubmit={submit}>
        <TextField label={t('lookalikes_start_website')} placeholder={t('lookalikes_start_placeholder')} value={url} onChange={(e) => setUrl(e.target.value)} error={error} />
        <Button type="submit" variant="primary">
          {t('lookalikes_start_continue')}
        </Button>
      </form>
    </div>
  );
}
