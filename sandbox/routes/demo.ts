import type { Hono } from 'hono';
import { blogPage, directoryPage, indexPage, lawOfficePage, profilePage, searchPage, speakersPage, teamPage } from '../demo-pages';
import type { SandboxState } from '../state';

/** `/demo/…`: pages built from the data, for `npm start` and the e2e tests. Rendered once per start and cached. */
export function registerDemo(app: Hono, state: SandboxState): void {
  const cache = new Map<string, string>();
  const cached = (name: string, render: () => string): string => {
    let body = cache.get(name);
    if (body === undefined) {
      body = render();
      cache.set(name, body);
    }
    return body;
  };
  app.get('/demo', (c) => c.redirect('/demo/'));
  app.get('/demo/', (c) => c.html(cached('index', () => indexPage(state))));
  app.get('/demo/team', (c) => c.html(cached('team', () => teamPage(state))));
  app.get('/demo/directory', (c) => c.html(cached('directory', () => directoryPage(state))));
  app.get('/demo/search', (c) => c.html(cached('search', () => searchPage(state))));
  app.get('/demo/blog', (c) => c.html(cached('blog', () => blogPage(state))));
  app.get('/demo/speakers', (c) => c.html(cached('speakers', () => speakersPage(state))));
  app.get('/demo/law-office', (c) => c.html(cached('law-office', () => lawOfficePage(state))));
  app.get('/demo/profile/:slug', (c) => {
    const body = profilePage(state, c.req.param('slug'));
    return body === undefined ? c.html('<!doctype html><title>Not found</title><h1>No such profile</h1>', 404) : c.html(body);
  });
}
