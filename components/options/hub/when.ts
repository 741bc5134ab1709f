/** A moment as the admin views show it: the date and time in the UI language ("Nov 28, 2026, 10:04 AM"). */
import { uiLanguage } from '@/lib/i18n/t';

let cached: { language: string; format: Intl.DateTimeFormat } | null = null;

export function formatWhen(at: number): string {
  const language = uiLanguage();
  if (cached?.language !== language) cached = { language, format: new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }) };
  return cached.format.format(at);
}
