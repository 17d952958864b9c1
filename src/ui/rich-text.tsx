import { catalogueBlocks } from '../lib/format.ts';

/**
 * Catalogue text with its paragraphs and bullet lists, built as React elements from
 * `catalogueBlocks` (no raw HTML is ever injected), so markup from the catalogue cannot run.
 */
export function RichText({ html, className = 'prose' }: { html: string; className?: string }) {
  return (
    <div className={className}>
      {catalogueBlocks(html).map((block, i) => {
        if (block.kind === 'paragraph') return <p key={i}>{block.text}</p>;
        const List = block.ordered ? 'ol' : 'ul';
        return (
          <List key={i}>
            {block.items.map((item, j) => (
              <li key={j}>{item}</li>
            ))}
          </List>
        );
      })}
    </div>
  );
}
