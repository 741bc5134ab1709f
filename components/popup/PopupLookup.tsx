/**
 * The popup's lookup box, beside the verifier: what was typed is understood and priced here, and the
 * button opens the side panel on it (the panel shows the Contact or Company view with the same price and runs it
 * on the user's click there). Opening the panel must happen inside the click, so nothing is awaited first.
 */
import { useId, useState } from 'react';
import { LookupBox } from '@/components/shared/LookupBox';
import { contactOptions } from '@/components/shared/lookup';
import { background } from '@/lib/messaging/extension';
import type { SelectionMeaning } from '@/lib/model/lookup';
import type { Settings } from '@/lib/settings/schema';
import { openSidePanel } from './open-side-panel';
import { t } from '@/lib/i18n/t';

export function PopupLookup({ settings, tabId }: { settings: Settings; tabId: number | null }) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const open = (meaning: SelectionMeaning) => {
    if (tabId === null) {
      setError(t('popup_no_tab'));
      return;
    }
    setError(null);
    // Sent before opening (not awaited): the panel reads the tab's intent when it loads, or hears it arrive.
    const handed = background.request('panel/lookup', { tabId, meaning });
    openSidePanel(tabId).then(
      () => handed.then(() => window.close(), (e: unknown) => setError(e instanceof Error ? e.message : String(e))),
      (e: unknown) => setError(t('popup_could_not_open_panel', e instanceof Error ? e.message : String(e))),
    );
  };
  return (
    <section className="pop-lookup" aria-labelledby={`${id}-title`}>
      <h2 className="pop-title" id={`${id}-title`}>
        {t('popup_lookup_title')}
      </h2>
      <LookupBox options={contactOptions(settings)} actionLabel={t('popup_look_up')} onOpen={open} />
      {error && (
        <p className="pop-help pop-help--error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
