/** What the extension sends to the API, and when — in plain words (options page and onboarding). */
import { Icon } from '@/components/ui';

export function DataUse({ apiBaseUrl, titled = true }: { apiBaseUrl: string; titled?: boolean }) {
  let host = apiBaseUrl;
  try {
    host = new URL(apiBaseUrl).host;
  } catch {
    // Shown as stored; the settings reader only lets valid URLs through anyway.
  }
  return (
    <div className="opt-datause">
      {titled && (
        <h3 className="opt-datause__title">
          <Icon name="shield" size={15} /> What is sent, and when
        </h3>
      )}
      <ul className="opt-datause__list">
        <li>
          <strong>While you browse: nothing.</strong> Pages are read on your computer, only when you ask (or on the
          sites you chose in the privacy settings); what is found stays in the extension.
        </li>
        <li>
          <strong>When you click Enrich, Verify, Lookalikes or Search:</strong> only what that lookup needs — the
          email, phone, profile address, name and company, or company website you picked — goes to{' '}
          <span className="ui-mono">{host}</span>, with your API key.
        </li>
        <li>
          <strong>Bulk enrich:</strong> the emails, phones or profile addresses you selected, in batches of up to
          1,000.
        </li>
        <li>
          <strong>Never sent:</strong> page text, the addresses of pages you visit, your browsing history.
        </li>
        <li>
          <strong>Kept on this device:</strong> results (so you never pay twice), the credits you spent, and your
          key, which only the extension’s background can read.
        </li>
      </ul>
    </div>
  );
}
