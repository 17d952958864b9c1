import { useEffect } from 'react';
import { site } from './config.ts';

/** "Pujas | Divya Puja Seva": every route names itself in the tab (docs/product-rules.md, Routes and pages). */
export function pageTitle(title: string): string {
  return `${title} | ${site.brand}`;
}

/** Sets the document's title while the component shows; an undefined title leaves it as it is. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) document.title = pageTitle(title);
  }, [title]);
}
