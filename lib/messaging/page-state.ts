import type { PageState } from './protocol';

/**
 * storage.session has 10 MB for everything the background keeps there (queued work and the limiter's log too),
 * so one tab's findings get at most this much. A real page's entities take a few kB; only a huge or hostile page
 * (thousands of long URLs) comes near it.
 */
export const MAX_STORED_PAGE_BYTES = 256 * 1024;

const LISTS = ['emails', 'phones', 'profiles', 'companyProfiles', 'domains'] as const;

/** The page state, its entity lists shortened in proportion until it fits in `maxBytes` (serialised). */
export function fitPageState(page: PageState, maxBytes = MAX_STORED_PAGE_BYTES): PageState {
  let fitted = page;
  for (let size = JSON.stringify(fitted).length; size > maxBytes; size = JSON.stringify(fitted).length) {
    const keep = Math.min(0.9, maxBytes / size);
    const entities = { ...fitted.entities };
    for (const list of LISTS) entities[list] = entities[list].slice(0, Math.ceil(entities[list].length * keep));
    if (LISTS.every((list) => entities[list].length === fitted.entities[list].length)) break; // nothing left to cut
    fitted = { ...fitted, entities };
  }
  return fitted;
}
