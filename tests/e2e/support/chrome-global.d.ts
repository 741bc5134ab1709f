// Code passed to page.evaluate / serviceWorker.evaluate runs inside the extension, where `chrome` exists.
declare const chrome: typeof import('@wxt-dev/browser').browser;
