/**
 * Message keys, typed from the English catalogue. Each area file under locales/en is listed here once; a key used
 * in code that no English file has fails the typecheck. Areas: one file per part of the UI, so work on different
 * views never edits the same file.
 */
import type common from '../../locales/en/common.json';
import type sidepanel from '../../locales/en/sidepanel.json';
import type people from '../../locales/en/people.json';
import type book from '../../locales/en/book.json';
import type lookalikes from '../../locales/en/lookalikes.json';
import type options from '../../locales/en/options.json';
import type popup from '../../locales/en/popup.json';
import type ui from '../../locales/en/ui.json';
import type words from '../../locales/en/words.json';
import type errors from '../../locales/en/errors.json';
import type progress from '../../locales/en/progress.json';
import type importArea from '../../locales/en/import.json';
import type menus from '../../locales/en/menus.json';
import type a11y from '../../locales/en/a11y.json';
import type demo from '../../locales/en/demo.json';
import type hub from '../../locales/en/hub.json';
import type team from '../../locales/en/team.json';

export type MessageKey = (keyof typeof common | keyof typeof sidepanel | keyof typeof people | keyof typeof book | keyof typeof lookalikes | keyof typeof options | keyof typeof popup | keyof typeof ui | keyof typeof words | keyof typeof errors | keyof typeof progress | keyof typeof importArea | keyof typeof menus | keyof typeof a11y | keyof typeof demo | keyof typeof hub | keyof typeof team) & string;
