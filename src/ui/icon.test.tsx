// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { icon } from './icon';

const TwoShapes = icon(<circle cx="12" cy="12" r="9" />, <path d="M12 7v5l3 2" />);

afterEach(cleanup);

it('draws its shapes in the shared svg, hidden from assistive technology', () => {
  const errors = vi.spyOn(console, 'error');
  const { container } = render(<TwoShapes className="text-xl" />);
  const svg = container.querySelector('svg')!;
  expect(svg.getAttribute('aria-hidden')).toBe('true');
  expect(svg.getAttribute('class')).toBe('text-xl');
  expect(svg.getAttribute('stroke-width')).toBe('1.8');
  expect([...svg.children].map((c) => c.tagName.toLowerCase())).toEqual(['circle', 'path']);
  // A fixed list of shapes: no warning about keys.
  expect(errors).not.toHaveBeenCalled();
  errors.mockRestore();
});

it('is an image with its title when given one', () => {
  const { container } = render(<TwoShapes title="Horaires" />);
  const svg = container.querySelector('svg')!;
  expect(svg.getAttribute('role')).toBe('img');
  expect(svg.hasAttribute('aria-hidden')).toBe(false);
  expect(svg.querySelector('title')?.textContent).toBe('Horaires');
});
