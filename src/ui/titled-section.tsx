import type { ReactNode } from 'react';

export type TitledSectionProps = { id: string; title: ReactNode; children: ReactNode };

/** A section of a page named by its h2 (`id` ties the two): a card, a panel. */
export function TitledSection({
  id,
  title,
  className,
  children,
}: TitledSectionProps & { className: string }) {
  return (
    <section className={className} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
