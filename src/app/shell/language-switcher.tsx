import { useRef, type MouseEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { LOCALE_NAMES, LOCALE_TAGS, LOCALES, withLocale, type Locale } from '../../../contract/locales.ts';
import { shellMessages } from '../../../contract/shell-messages.ts';
import { switchLocale } from '../../live/hash-location.ts';
import { loadLocale, useLocale } from '../../live/locale.tsx';
import './language-switcher.css';

/**
 * The languages, each named in its own script and marked with its `lang`, as links to this
 * page in that language (docs/product-rules.md, Languages). A link opens the page in its
 * language once the catalogue is here, replacing the history entry: Back leaves the page, not
 * the language. In the header it folds into a disclosure; in the mobile menu it is a list.
 */
/** The language last chosen: a slower download of an earlier choice does not overrule it. */
let latestChoice: Locale | undefined;

/** Switches to `next` once its catalogue is here, unless another language was chosen meanwhile. */
function chooseLocale(next: Locale) {
  latestChoice = next;
  void loadLocale(next)
    .catch(() => {})
    .then(() => {
      if (latestChoice === next) switchLocale(next);
    });
}

export function LanguageSwitcher({ variant }: { variant: 'header' | 'menu' }) {
  const { locale, t } = useLocale();
  const [location] = useLocation();
  const search = useSearch();
  const route = search ? `${location}?${search}` : location;
  const details = useRef<HTMLDetailsElement>(null);

  const choose = (event: MouseEvent, next: Locale) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    if (details.current) details.current.open = false;
    chooseLocale(next);
  };

  const list = (
    <ul className="language-switcher__list">
      {LOCALES.map((code) => (
        <li key={code}>
          <a
            href={`#${withLocale(code, route)}`}
            lang={LOCALE_TAGS[code]}
            hrefLang={LOCALE_TAGS[code]}
            aria-current={code === locale ? 'true' : undefined}
            className="language-switcher__option"
            onClick={(event) => choose(event, code)}
          >
            {LOCALE_NAMES[code]}
          </a>
        </li>
      ))}
    </ul>
  );

  if (variant === 'menu')
    return (
      <nav aria-label={t(shellMessages.language)} className="language-switcher language-switcher--menu">
        <p className="language-switcher__heading" aria-hidden="true">
          {t(shellMessages.language)}
        </p>
        {list}
      </nav>
    );
  return (
    <details
      ref={details}
      className="language-switcher language-switcher--header"
      onKeyDown={(event) => {
        // Escape folds the list and returns to its button, as the other menus of the header do.
        if (event.key !== 'Escape' || !details.current?.open) return;
        details.current.open = false;
        details.current.querySelector('summary')?.focus();
      }}
    >
      <summary className="language-switcher__summary">
        <GlobeIcon />
        <span className="visually-hidden">{t(shellMessages.language)}: </span>
        <span className="language-switcher__name" lang={LOCALE_TAGS[locale]}>
          {LOCALE_NAMES[locale]}
        </span>
      </summary>
      <nav aria-label={t(shellMessages.language)} className="language-switcher__panel">
        {list}
      </nav>
    </details>
  );
}

function GlobeIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path
        d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      />
    </svg>
  );
}
