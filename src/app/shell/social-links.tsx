import { shellMessages } from '../../../contract/shell-messages.ts';
import { site } from '../../lib/config.ts';
import { useLocale } from '../../live/locale.tsx';

const networks = [
  ['facebook', 'Facebook', 'M14 8h3V4h-3c-2.8 0-4 1.8-4 4.2V10H7v4h3v8h4v-8h3l1-4h-4V8.5c0-.3.2-.5.5-.5z'],
  [
    'instagram',
    'Instagram',
    'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm5.5-1.5a1 1 0 1 0 0 2 1 1 0 0 0 0-2z',
  ],
  [
    'youtube',
    'YouTube',
    'M22 8.2a3 3 0 0 0-2.1-2.1C18 5.6 12 5.6 12 5.6s-6 0-7.9.5A3 3 0 0 0 2 8.2 31 31 0 0 0 1.6 12 31 31 0 0 0 2 15.8a3 3 0 0 0 2.1 2.1c1.9.5 7.9.5 7.9.5s6 0 7.9-.5a3 3 0 0 0 2.1-2.1c.3-1.2.4-2.5.4-3.8s-.1-2.6-.4-3.8zM10 15V9l5.2 3z',
  ],
] as const;

export function SocialLinks() {
  const { t } = useLocale();
  return (
    <ul className="social-links">
      {networks.map(([key, label, path]) => (
        <li key={key}>
          <a
            href={site.social[key]}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t(shellMessages.onNetwork, { brand: site.brand, network: label })}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path d={path} fill="currentColor" />
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}
