import { useEffect, useRef, useState } from 'react';
import { Button, Icon, IconButton } from '@/components/ui';
import type { PanelIntent, SelectionMeaning } from '@/lib/model/lookup';
import { request, useBackgroundEvent } from '@/components/shared/hooks';
import { lookupForMeaning, meaningLabel } from '@/components/shared/lookup';
import { useNavigation } from './navigation';
import { clip } from './text';
import { t } from '@/lib/i18n/t';

/**
 * What the context menu or a shortcut asked for on this tab. A clear meaning opens its view (which states the cost
 * before anything is charged); an ambiguous selection offers the readings; an unrecognised one says so.
 */
export function IntentBanner({ tabId }: { tabId: number | null }) {
  const nav = useNavigation();
  const [pending, setPending] = useState<Exclude<PanelIntent, { kind: 'lookup' }> | null>(null);

  const openMeaning = (meaning: SelectionMeaning) => {
    setPending(null);
    if (meaning.kind === 'company') {
      nav.openCompany({ url: meaning.url, label: meaning.url });
      return;
    }
    const lookup = lookupForMeaning(meaning);
    if (lookup) nav.openContact({ lookup, label: meaningLabel(meaning).replace(/^\S+ /, '') });
  };

  const handle = (intent: PanelIntent) => {
    if (intent.kind === 'lookup') openMeaning(intent.meaning);
    else {
      nav.disarm();
      setPending(intent);
    }
  };
  const handleRef = useRef(handle);
  handleRef.current = handle;

  // The tab's intent is taken (consumed) from the background: when the panel opens, and again each time one
  // arrives. Taking, not reading the event's copy, means an intent handled here never opens again on the next load,
  // and one that arrives while the first take is under way is still taken once. `view` ends when the panel follows
  // another tab or unmounts: a take answered after that is dropped.
  const viewRef = useRef<{ live: boolean } | null>(null);
  const take = (forTab: number, view: { live: boolean } | null) => {
    request('panel/intent', { tabId: forTab }).then(
      (intent) => {
        if (view?.live && intent) handleRef.current(intent);
      },
      () => undefined,
    );
  };
  useEffect(() => {
    if (tabId === null) return;
    const view = { live: true };
    viewRef.current = view;
    take(tabId, view);
    return () => {
      view.live = false;
      // An ambiguous selection belongs to the tab it was made on: following another tab puts it away.
      setPending(null);
    };
  }, [tabId]);

  useBackgroundEvent((event) => {
    if (event.type === 'event/intent' && event.tabId === tabId && tabId !== null) take(tabId, viewRef.current);
  });

  if (!pending) return null;
  return (
    <div className="sp-intent" role="status" data-testid="intent-banner">
      <Icon name="info" size={16} className="sp-intent__icon" />
      <div className="sp-intent__body">
        {pending.kind === 'ambiguous' ? (
          <>
            <p className="sp-intent__title">{t('sidepanel_intent_which', quoted(pending.text))}</p>
            <div className="ui-button-row">
              {pending.choices.map((choice, i) => (
                <Button key={i} size="sm" onClick={() => openMeaning(choice)}>
                  {meaningLabel(choice)}
                </Button>
              ))}
            </div>
          </>
        ) : (
          <>
            <p className="sp-intent__title">{pending.text.trim() === '' ? t('sidepanel_intent_nothing') : t('sidepanel_intent_unknown', quoted(pending.text))}</p>
            <p className="sp-intent__text">{t('sidepanel_intent_unknown_hint')}</p>
          </>
        )}
      </div>
      <IconButton icon="x" size="sm" label={t('sidepanel_dismiss')} onClick={() => setPending(null)} />
    </div>
  );
}

/**
 * A selection as the banner quotes it: one line of up to 80 characters (`clip`). A selection of 3,000 characters made
 * a bold heading 500 px tall at 320 px wide. The whole text is still on the page it was selected from.
 */
const quoted = (text: string): string => clip(text.replace(/\s+/g, ' ').trim(), 80).text;
