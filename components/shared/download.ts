/** Saves text as a file through an object URL and a temporary anchor: no `downloads` permission needed. */
export function downloadText(fileName: string, mime: string, text: string): void {
  downloadParts(fileName, mime, [text]);
}

/** The same for a file written in parts (a large export): the parts are joined by the Blob, never into one string. */
export function downloadParts(fileName: string, mime: string, parts: readonly string[]): void {
  const url = URL.createObjectURL(new Blob(parts as string[], { type: `${mime};charset=utf-8` }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
