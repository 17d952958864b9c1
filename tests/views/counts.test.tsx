/**
 * Counts put their noun in the right number (issue 23 item 13): one review, one item, one person.
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Stars } from '../../src/ui/stars.tsx';

describe('counts in words', () => {
  it('a product with one review says "(1 review)", with more "(174 reviews)"', () => {
    const { unmount } = render(<Stars rating={4.5} reviews={1} />);
    expect(screen.getByText('(1 review)')).toBeInTheDocument();
    expect(screen.queryByText('(1 reviews)')).not.toBeInTheDocument();
    unmount();
    render(<Stars rating={4.5} reviews={174} />);
    expect(screen.getByText('(174 reviews)')).toBeInTheDocument();
  });
});
