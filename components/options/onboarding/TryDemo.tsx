/**
 * Onboarding's "try it before any account": demo mode on (entrypoints/background/demo.ts) and the demo pages it
 * ships, opened as extension pages, so the tour needs no server, no account and no site permission.
 */
import { useState } from 'react';
import { browser } from 'wxt/browser';
import { Button, ErrorState, useBusyAction } from '@/components/ui';
import { useDemoMode } from '@/components/shared/use-demo-mode';
import { type MessageKey, t } from '@/lib/i18n/t';
import { background } from '@/lib/messaging/extension';

/** Demo pages written by the build (sandbox/extension-assets.ts). */
const PAGES: ReadonlyArray<readonly [MessageKey, string]> = [
  ['demo_page_team', '/demo/team.html'],
  ['demo_page_directory', '/demo/directory.html'],
  ['demo_page_all', '/demo/index.html'],
];

export function TryDemo() {
  const { on, reload } = useDemoMode();
  const [stopped, setStopped] = useState(false);
  const start = useBusyAction(async () => {
    await background.request('demo/start', {});
    setStopped(false);
    await reload();
  });
  const stop = useBusyAction(async () => {
    await background.request('demo/stop', {});
    setStopped(true);
    await reload();
  });
  const open = (path: string) => void browser.tabs.create({ url: browser.runtime.getURL(path as '/') });

  if (on === null) return null;
  return (
    <section className="onb-card" aria-labelledby="onb-demo" data-testid="try-demo">
      <h2 className="onb-card__title" id="onb-demo">
        {on ? t('demo_on_title') : t('demo_try_title')}
      </h2>
      {on ? (
        <>
          <p className="opt-note">{t('demo_on_explained', 'Alt+Shift+E')}</p>
          <p>
            {PAGES.map(([label, path]) => (
              <Button key={path} variant="ghost" onClick={() => open(path)} data-testid={`demo-open-${path.slice(6, -5)}`}>
                {t(label)}
              </Button>
            ))}
          </p>
          <Button variant="ghost" onClick={() => void stop.run()} loading={stop.busy} data-testid="demo-stop">
            {t('demo_stop')}
          </Button>
          {stop.error && <ErrorState error={stop.error} compact />}
        </>
      ) : (
        <>
          <p className="opt-note">{t('demo_try_explained')}</p>
          <Button icon="sparkles" onClick={() => void start.run()} loading={start.busy} data-testid="demo-start">
            {t('demo_try_start')}
          </Button>
          {start.error && <ErrorState error={start.error} compact />}
          {stopped && (
            <p role="status" data-testid="demo-stopped">
              {t('demo_stopped')}
            </p>
          )}
        </>
      )}
    </section>
  );
}
