// The Lookalikes view before a target is chosen: a website box that opens lookalike companies.
import { type FormEvent, useState } from 'react';
import { Button, EmptyState, TextField, displayUrl, safeWebsiteUrl } from '@/components/ui';
import { useNavigation } from '../navigation';

/** No target yet: ask for a company website. */
export function LookalikeStart() {
  const nav = useNavigation();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const safe = safeWebsiteUrl(url);
    if (!safe) {
      setError('Enter a website like acme.com, or a company profile address.');
      return;
    }
    nav.openLookalikes({ kind: 'companies', url: url.trim(), label: displayUrl(safe) });
  };
  return (
    <div className="sp-view">
      <EmptyState icon="sparkles" title="Find lookalike companies">
        <p>Companies similar in industry, specialities, technologies and size, ranked by a similarity score. Open one from a company, or enter a website.</p>
      </EmptyState>
      <form className="sp-inline-form" onSubmit={submit}>
        <TextField label="Company website" placeholder="acme.com" value={url} onChange={(e) => setUrl(e.target.value)} error={error} />
        <Button type="submit" variant="primary">
          Continue
        </Button>
      </form>
    </div>
  );
}
