/*
 * The ambient types the code needs from WXT, checked in so that an editor or `tsc` works before `npm install` has run
 * `wxt prepare` (which writes .wxt/). When .wxt/ exists its generated files are included too (tsconfig.json) and
 * merge with these: every declaration here is written so that the two agree.
 */
/// <reference types="wxt/vite-builder-env" />
/// <reference types="@wxt-dev/module-react" />
/// <reference types="@wxt-dev/webextension-polyfill" />
import 'wxt/browser';

declare global {
  /** What WXT's build defines on `import.meta.env` (the same list as .wxt/types/globals.d.ts). */
  interface ImportMetaEnv {
    readonly MANIFEST_VERSION: 2 | 3;
    readonly BROWSER: string;
    readonly CHROME: boolean;
    readonly FIREFOX: boolean;
    readonly SAFARI: boolean;
    readonly EDGE: boolean;
    readonly OPERA: boolean;
    readonly COMMAND: 'build' | 'serve';
    readonly ENTRYPOINT: string;
  }
  interface ImportMeta {
    readonly env: ImportMetaEnv;
  }
}

declare module 'wxt/browser' {
  // WXT leaves these empty and fills them from the build's files; without .wxt/ the extension's own pages and the
  // browser's `@@` messages are what the code asks for (lib/i18n/t.ts types its own keys).
  interface WxtRuntime {
    getURL(path: '' | '/' | `/${string}.html`): string;
  }
  interface WxtI18n {
    getMessage(messageName: `@@${string}`, substitutions?: string | string[], options?: { escapeLt?: boolean }): string;
  }
}
